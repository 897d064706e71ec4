import { z } from 'zod';
import { MAX_ID, nameField, withFormObjectLists } from './fields';
import { MIXER_NAME_MAX } from './names';

/**
 * Slideshows (SPEC.md §3 Slideshow, §4 two steps, §7 Slideshows). Created with a name alone,
 * then images are uploaded one a call (JPEG or PNG, uploads.ts) and the whole order with the
 * seconds per image is saved. Another shop's id answers 404.
 */
export const SLIDE_SECONDS_DEFAULT = 5;
export const SLIDE_SECONDS_MAX = 3600;

export const slideshowImageSchema = z.object({
  id: z.number(),
  /** The uploaded file's name. */
  name: z.string(),
  /** Signed, expiring media URL of the image. */
  url: z.string(),
  /** How long the image shows, whole seconds ≥ 1 (a new image starts at 5). */
  seconds: z.number(),
});
export type SlideshowImage = z.infer<typeof slideshowImageSchema>;

/** GET /api/slideshows/{id}, and the answer of every write: images in show order. */
export const slideshowSchema = z.object({
  id: z.number(),
  name: z.string(),
  images: z.array(slideshowImageSchema),
  /** Number of slides. */
  images_count: z.number(),
  created_at: z.string(),
});
export type Slideshow = z.infer<typeof slideshowSchema>;

/** GET /api/slideshows: the shop's slideshows, newest first, without their images. */
export const slideshowListItemSchema = slideshowSchema.omit({ images: true });
export type SlideshowListItem = z.infer<typeof slideshowListItemSchema>;
export const slideshowListSchema = z.array(slideshowListItemSchema);

export const slideshowMessages = {
  imagesInvalid: 'A képek listája hibás: minden elemnek azonosítója és másodperce kell legyen.',
  imagesMismatch: 'A listának pontosan a slideshow képeit kell tartalmaznia, mindegyiket egyszer.',
  seconds: `A másodperc 1 és ${SLIDE_SECONDS_MAX} közötti egész szám lehet.`,
  imageId: 'A kép nem található.',
} as const;

const idOf = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }),
  );

const asWholeNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : v);
const isSeconds = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= SLIDE_SECONDS_MAX;

/**
 * `[{id, seconds}]`: a malformed list or item is reported on `images`, a bad `seconds` on
 * `images.N.seconds` (under its image).
 */
const imageOrderField = z.unknown().transform((raw, ctx) => {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > 1000) {
    ctx.addIssue({ code: 'custom', message: slideshowMessages.imagesInvalid });
    return z.NEVER;
  }
  const out: Array<{ id: number; seconds: number }> = [];
  let malformed = false;
  raw.forEach((item: unknown, i) => {
    const fields =
      typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
    const id = idOf(slideshowMessages.imagesInvalid).safeParse(fields?.id);
    if (!id.success) {
      if (!malformed) ctx.addIssue({ code: 'custom', message: slideshowMessages.imagesInvalid });
      malformed = true;
      return;
    }
    const seconds = asWholeNumber(fields?.seconds);
    if (!isSeconds(seconds)) {
      ctx.addIssue({ code: 'custom', message: slideshowMessages.seconds, path: [i, 'seconds'] });
      return;
    }
    out.push({ id: id.data, seconds });
  });
  return out;
});

/** POST /api/slideshows `{name}` → 201 Slideshow (no images yet). */
export const slideshowCreateBodySchema = z.object({ name: nameField(MIXER_NAME_MAX) });

/**
 * POST /api/slideshows/{id} `{name, images: [{id, seconds}]}` (JSON, or a form with
 * `images[0][id]`, `images[0][seconds]`…): the new order; the list must name exactly the
 * slideshow's images (absent counts as none). Errors: `errors.name`, `errors.images`,
 * `errors["images.N.seconds"]`.
 */
export const slideshowUpdateBodySchema = withFormObjectLists(
  ['images'],
  z.object({
    name: nameField(MIXER_NAME_MAX),
    images: imageOrderField,
  }),
);
export type SlideshowUpdateBody = z.infer<typeof slideshowUpdateBodySchema>;

/** POST /api/slideshows/{id}/image/remove `{id}` → Slideshow. */
export const slideshowImageRemoveBodySchema = z.object({ id: idOf(slideshowMessages.imageId) });
