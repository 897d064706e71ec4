import { z } from 'zod';
import { MAX_ID, nameField, optionalText, routeIdSchema } from './fields';
import { MIXER_NAME_MAX } from './names';

/**
 * Screens (SPEC.md §3 Screen, §7 Screens): an in-store TV showing a default slideshow. `hash_id`
 * is unguessable (url-safe, at least 12 characters) and names the screen's public page.
 */
export const screenSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  hash_id: z.string(),
  /** The default slideshow, or null (none chosen, or it was deleted). */
  slideshow_id: z.number().nullable(),
  /** The default slideshow's id and name, for the table. */
  slideshow: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Screen = z.infer<typeof screenSchema>;
/** GET /api/screens: newest first. */
export const screenListSchema = z.array(screenSchema);

export const SCREEN_DESCRIPTION_MAX = 1000;
export const screenMessages = {
  description: {
    required: 'A leírás megadása kötelező.',
    text: 'A leírás csak szöveg lehet.',
    tooLong: `A leírás legfeljebb ${SCREEN_DESCRIPTION_MAX} karakter lehet.`,
    control: 'A leírás nem tartalmazhat vezérlőkaraktert.',
  },
  slideshow: 'A kiválasztott slideshow nem található.',
} as const;

/**
 * POST /api/screens (→ 201) and POST /api/screens/{id} (→ Screen): `name`, optional `description`,
 * optional default `slideshow_id` of this shop (blank or null: none). Errors: `errors.name`,
 * `errors.description`, `errors.slideshow_id`.
 */
export const screenBodySchema = z.object({
  name: nameField(MIXER_NAME_MAX),
  description: optionalText(SCREEN_DESCRIPTION_MAX, screenMessages.description),
  slideshow_id: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? null
        : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v)
          ? Number(v)
          : v,
    z
      .number({ error: screenMessages.slideshow })
      .int({ error: screenMessages.slideshow })
      .min(1, { error: screenMessages.slideshow })
      .max(MAX_ID, { error: screenMessages.slideshow })
      .nullable(),
  ),
});
export type ScreenBody = z.infer<typeof screenBodySchema>;

/** A slideshow as a screen plays it: images in order, with signed URLs. */
export const screenSlideshowSchema = z.object({
  id: z.number(),
  name: z.string(),
  images: z.array(z.object({ id: z.number(), url: z.string(), seconds: z.number() })),
});
export type ScreenSlideshow = z.infer<typeof screenSlideshowSchema>;

/**
 * GET /api/screens/public/{hash_id} (no login): the screen's name and default slideshow. GET
 * /api/screens/public/{hash_id}/slideshows/{id}: a slideshow of the screen's shop (the ones
 * ShowSlideshow names). Unknown hash or id: 404.
 */
export const publicScreenSchema = z.object({ name: z.string(), slideshow: screenSlideshowSchema.nullable() });
export type PublicScreen = z.infer<typeof publicScreenSchema>;

/** `App\Events\ShowSlideshow` on `screen.{hash_id}`: ids only (Pusher caps an event at 10 kB). */
export const showSlideshowEventSchema = z.object({ slideshow_ids: z.array(z.number()), once: z.literal(true) });
export type ShowSlideshowEvent = z.infer<typeof showSlideshowEventSchema>;

/** A screen's public id as the API makes them (url-safe, 12–64 characters); anything else names no screen (404). */
export const SCREEN_HASH_PATTERN = /^[A-Za-z0-9_-]{12,64}$/;

/** `…/public/{hashId}` of the screen page's calls. */
export const publicScreenParamsSchema = z.object({ hashId: z.string().regex(SCREEN_HASH_PATTERN) });

/** `…/public/{hashId}/slideshows/{id}`. */
export const publicScreenSlideshowParamsSchema = publicScreenParamsSchema.extend({ id: routeIdSchema });
