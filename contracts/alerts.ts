import { z } from 'zod';
import { booleanField } from './fields';

/**
 * Alerts ('Értesítések') and the weekly report ('Heti jelentés'): calls only the bundled API
 * has. A Laravel API without them answers 404, and the web app then hides the bell, the banner,
 * the settings section and the report page.
 *
 * - `GET /api/alerts?page=` → `alertsPageSchema` (newest first, 20 per page, with `unread`)
 * - `POST /api/alerts/read` `{ids?: number[]}` (no ids: all) → `{unread: number}`
 * - `GET /api/alert-settings` / `POST /api/alert-settings` → `alertSettingsSchema`
 * - `POST /api/alert-settings/test` → `{sent: {mail: number, push: number}}`
 * - `POST /api/push-subscriptions` `pushSubscriptionBodySchema` → 201 `{ok: true}`
 * - `POST /api/push-subscriptions/delete` `{endpoint}` → `{ok: true}` (this device's)
 * - `GET /api/push-config` → `{public_key}` (the VAPID public key, base64url)
 * - `GET /api/reports/weekly?week=2026-W48` → `weeklyReportSchema`; `&format=csv` → text/csv
 *
 * A new alert and a closed one are realtime events (`ALERT_OPENED_EVENT`, `ALERT_CLOSED_EVENT`)
 * on the private player channel the player's events use, payload `alertEventSchema`.
 */

export const ALERT_KINDS = ['offline', 'blocked', 'stalled', 'paused', 'spot_missed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The kinds that are states: they open, close and are followed by 'Újra szól a zene'. */
export const ALERT_STATE_KINDS = ['offline', 'blocked', 'stalled', 'paused'] as const;
/** Kinds whose open alert is also a banner above every page of the shop's devices. */
export const ALERT_BANNER_KINDS = ['offline', 'blocked', 'stalled'] as const;

export const ALERT_TITLES = {
  offline: 'Nem szól a zene: a zenét szóló eszköz nem elérhető',
  blocked: 'Nem szól a zene: a böngésző nem engedte elindítani',
  stalled: 'Nem szól a zene: a lejátszás elakadt',
  paused: 'Nyitvatartás alatt szünetel a zene',
} as const satisfies Record<Exclude<AlertKind, 'spot_missed'>, string>;
export const spotMissedTitle = (name: string) => `Elmaradt szpot: ${name}`;
/** The notice that follows a closed state alert, and its body. */
export const ALERT_RECOVERED_TITLE = 'Újra szól a zene';
export const alertSilenceText = (minutes: number) => `A zene ${minutes} percig nem szólt.`;

/** Minutes a cause must last before its alert opens. */
export const ALERT_DELAY_DEFAULT = 3;
export const ALERT_DELAY_MIN = 1;
export const ALERT_DELAY_MAX = 60;
/** `paused` opens after the player has been paused this long while the music plan is on. */
export const ALERT_PAUSED_MINUTES = 30;
/** A scheduled spot without a play report this long after its minute is missed. */
export const SPOT_REPORT_GRACE_MINUTES = 2;
export const ALERTS_PER_PAGE = 20;

export const alertSchema = z.object({
  id: z.number(),
  /** 'recovered' is the 'Újra szól a zene' notice that follows a closed state alert. */
  kind: z.enum([...ALERT_KINDS, 'recovered']),
  title: z.string(),
  /** One sentence: the cause, or for 'recovered' how long it was silent. */
  body: z.string(),
  /** ISO 8601 (UTC) when the cause began (its first minute), and when it ended (null: open). */
  started_at: z.string(),
  closed_at: z.string().nullable(),
  /** For `spot_missed`: the missed minutes on the shop's wall clock ('HH:MM'). */
  minutes: z.array(z.string()).optional(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsPageSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  data: z.array(alertSchema),
  unread: z.number(),
  /** Open `offline` / `blocked` / `stalled` alerts, for the banner (any page). */
  open: z.array(alertSchema),
});
export type AlertsPage = z.infer<typeof alertsPageSchema>;

export const alertEventSchema = z.object({ alert: alertSchema, unread: z.number() });
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** POST /api/alerts/read: how many of the shop's alerts are still unread. */
export const alertReadAnswerSchema = z.object({ unread: z.number() });

/** POST /api/alert-settings/test: the notices queued, by way. */
export const alertTestAnswerSchema = z.object({ sent: z.object({ mail: z.number(), push: z.number() }) });
export type AlertTestAnswer = z.infer<typeof alertTestAnswerSchema>;

/** GET /api/push-config: the VAPID public key (base64url) a push subscription is made with. */
export const pushConfigSchema = z.object({ public_key: z.string() });
export type PushConfig = z.infer<typeof pushConfigSchema>;

export const alertReadBodySchema = z.object({ ids: z.array(z.number().int().positive()).max(1000).optional() });

export const alertMessages = {
  delay: `A késleltetés ${ALERT_DELAY_MIN} és ${ALERT_DELAY_MAX} perc közötti egész szám lehet.`,
  endpoint: 'Ismeretlen értesítési szolgáltatás.',
  keys: 'Az értesítési kulcsok hiányoznak vagy érvénytelenek.',
  week: 'Érvénytelen hét.',
} as const;

const kindToggles = {
  offline: booleanField('nem elérhető eszköz').default(true),
  blocked: booleanField('böngésző tiltás').default(true),
  stalled: booleanField('elakadt lejátszás').default(true),
  paused: booleanField('szünetel').default(false),
  spot_missed: booleanField('elmaradt szpot').default(true),
};

/** The shop's alert settings (per shop; push is per device, through the subscription calls). */
export const alertSettingsSchema = z.object({
  kinds: z.object({
    offline: z.boolean(),
    blocked: z.boolean(),
    stalled: z.boolean(),
    paused: z.boolean(),
    spot_missed: z.boolean(),
  }),
  delay: z.number(),
  email: z.boolean(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
export const ALERT_SETTINGS_DEFAULT: AlertSettings = {
  kinds: { offline: true, blocked: true, stalled: true, paused: false, spot_missed: true },
  delay: ALERT_DELAY_DEFAULT,
  email: true,
};

const delayField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: alertMessages.delay })
    .int({ error: alertMessages.delay })
    .min(ALERT_DELAY_MIN, { error: alertMessages.delay })
    .max(ALERT_DELAY_MAX, { error: alertMessages.delay }),
);

/** POST /api/alert-settings: the whole set (every field required but the toggles' defaults). */
export const alertSettingsBodySchema = z.object({
  kinds: z.object(kindToggles),
  delay: delayField,
  email: booleanField('e-mail értesítés'),
});
export type AlertSettingsBody = z.infer<typeof alertSettingsBodySchema>;

/**
 * A browser's `PushSubscription.toJSON()`. The endpoint's host is checked against
 * `PUSH_SERVICE_HOSTS` on the server (422 on `endpoint`, `alertMessages.endpoint`).
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string({ error: alertMessages.endpoint }).max(2048, { error: alertMessages.endpoint }),
  keys: z.object(
    {
      p256dh: z
        .string({ error: alertMessages.keys })
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: alertMessages.keys }),
      auth: z
        .string({ error: alertMessages.keys })
        .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: alertMessages.keys }),
    },
    { error: alertMessages.keys },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionDeleteBodySchema = z.object({ endpoint: z.string().max(2048) });

/** What a push message carries (JSON), shown by the service worker. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** ISO week 'YYYY-Www'. */
export const isoWeekSchema = z
  .string({ error: alertMessages.week })
  .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, { error: alertMessages.week });

export const weeklyReportDaySchema = z.object({
  /** 'YYYY-MM-DD' on the shop's wall clock. */
  date: z.string(),
  /** Minutes the shop was open, minutes music was heard (play reports) while open. */
  open_minutes: z.number(),
  heard_minutes: z.number(),
  /** Longest silence while open, minutes. */
  longest_silence_minutes: z.number(),
  /**
   * For the day's chart (an extension, optional): the stretches open and heard, as [from, to)
   * minutes of the shop's wall-clock day (0–1440).
   */
  open_spans: z.array(z.tuple([z.number(), z.number()])).optional(),
  heard_spans: z.array(z.tuple([z.number(), z.number()])).optional(),
});
export const weeklyReportSpotSchema = z.object({
  id: z.number(),
  name: z.string(),
  planned: z.number(),
  aired: z.number(),
  /** Of `aired`, the plays heard to their end (an extension, optional). */
  completed: z.number().optional(),
});
export const weeklyReportSchema = z.object({
  week: z.string(),
  /** Monday and Sunday of the week, 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  days: z.array(weeklyReportDaySchema),
  spots: z.array(weeklyReportSpotSchema),
  alerts: z.array(alertSchema),
  /**
   * An extension, optional: false when the shop has set no opening hours; the report then counts a
   * day as open from its first heard minute to its last (what the page says beside the figures).
   */
  hours_set: z.boolean().optional(),
  /** An extension, optional: the shop's current week, the latest a week picker offers. */
  current_week: z.string().optional(),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;
export type WeeklyReportDay = z.infer<typeof weeklyReportDaySchema>;
export type WeeklyReportSpot = z.infer<typeof weeklyReportSpotSchema>;

/**
 * GET /api/reports/weekly: `week` (absent: the shop's current week so far), `format=csv` for the
 * download ('Letöltés CSV-ben'). A week after the current one, or outside the years the log keeps
 * (2000–2100), is 'Érvénytelen hét.' too.
 */
export const weeklyReportQuerySchema = z.object({
  week: isoWeekSchema.optional(),
  format: z.enum(['json', 'csv'], { error: 'A formátum csak json vagy csv lehet.' }).optional(),
});
