import { z } from 'zod';
import { booleanField, nameField, withFormObjectLists } from './fields';
import { DAY_KEYS, MIXER_NAME_MAX, type DayKey } from './names';
import { isCalendarDate } from './scheduled-contents';

/**
 * The shop's opening hours ('Nyitvatartás', issue 26), a call only the bundled API has:
 * `GET /api/opening-hours` and `POST /api/opening-hours` (the whole set, replaced) answer
 * `openingHoursSchema`. Times are `H:i` on the shop's wall clock (its time zone as the scheduler
 * uses it). A close earlier than the open runs past midnight (a bar 18:00–02:00): the hours after
 * midnight belong to the day that opened, even when the next day is closed. An exception replaces
 * the hours that open on its date; the past-midnight tail of the day before still runs. An empty
 * week (and no exception) means no opening hours: the shop counts as always open.
 */

/** Most date exceptions ('Eltérő nyitvatartás') one shop may have. */
export const OPENING_EXCEPTIONS_MAX = 50;

export type OpeningDay = { day: DayKey; closed: true } | { day: DayKey; open: string; close: string };
export type OpeningException =
  { date: string; name: string; closed: true } | { date: string; name: string; open: string; close: string };
export interface OpeningHours {
  /** Monday first, all seven days, or empty: no opening hours (always open). */
  week: OpeningDay[];
  /** By date, ascending. */
  exceptions: OpeningException[];
}

const dayHours = z.union([
  z.object({ day: z.enum(DAY_KEYS), closed: z.literal(true) }),
  z.object({ day: z.enum(DAY_KEYS), open: z.string(), close: z.string() }),
]);
const exceptionHours = z.union([
  z.object({ date: z.string(), name: z.string(), closed: z.literal(true) }),
  z.object({ date: z.string(), name: z.string(), open: z.string(), close: z.string() }),
]);
export const openingHoursSchema = z.object({ week: z.array(dayHours), exceptions: z.array(exceptionHours) });

export const openingHoursMessages = {
  time: 'Az időpontot ÓÓ:PP formában adja meg.',
  same: 'A nyitás és a zárás nem lehet azonos.',
  day: 'Ismeretlen nap.',
  dayTwice: 'Ez a nap többször szerepel.',
  week: 'Adja meg a hét mind a hét napját, vagy egyiket se.',
  list: 'A lista formátuma érvénytelen.',
  weekRequired: 'A(z) heti nyitvatartás mező kitöltése kötelező.',
  item: 'Adja meg a nyitást és a zárást, vagy jelölje zárvának.',
  date: 'A dátumot ÉÉÉÉ-HH-NN formában, létező napként adja meg.',
  dateTwice: 'Erre a napra már van eltérő nyitvatartás.',
  tooMany: `Legfeljebb ${OPENING_EXCEPTIONS_MAX} eltérő nyitvatartás adható meg.`,
  withoutWeek: 'Eltérő nyitvatartás csak heti nyitvatartás mellé adható meg.',
} as const;

/** `H:i` on the wall clock: '8:05' and '08:05' are accepted and stored as '08:05'. */
export const wallTimeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: openingHoursMessages.time })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: openingHoursMessages.time })
    .transform((s) => s.padStart(5, '0')),
);

type RawHours = { closed?: unknown; open?: unknown; close?: unknown };

/**
 * Closed, or open–close (not equal): the union's two shapes told apart by `closed`, so a
 * form's `closed=0` with its times reads as open hours. Errors under `open` / `close`.
 */
function hoursOf<T extends z.ZodRawShape>(head: T) {
  type Head = z.infer<z.ZodObject<T>>;
  type Out = (Head & { closed: true }) | (Head & { open: string; close: string });
  return z
    .object(
      {
        ...head,
        closed: booleanField('zárva').default(false),
        open: z.unknown().optional(),
        close: z.unknown().optional(),
      },
      { error: openingHoursMessages.item },
    )
    .transform((v, ctx): Out => {
      const { closed, open, close, ...rest } = v as RawHours & Record<string, unknown>;
      const h = rest as Head;
      if (closed) return { ...h, closed: true as const };
      const o = wallTimeField.safeParse(open);
      const c = wallTimeField.safeParse(close);
      if (!o.success) ctx.addIssue({ code: 'custom', path: ['open'], message: openingHoursMessages.time });
      if (!c.success) ctx.addIssue({ code: 'custom', path: ['close'], message: openingHoursMessages.time });
      if (!o.success || !c.success) return z.NEVER;
      if (o.data === c.data) {
        ctx.addIssue({ code: 'custom', path: ['close'], message: openingHoursMessages.same });
        return z.NEVER;
      }
      return { ...h, open: o.data, close: c.data };
    });
}

const weekItem = hoursOf({ day: z.enum(DAY_KEYS, { error: openingHoursMessages.day }) });
const exceptionItem = hoursOf({
  date: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: openingHoursMessages.date }).refine(isCalendarDate, { error: openingHoursMessages.date }),
  ),
  name: nameField(MIXER_NAME_MAX),
});

/**
 * The body of POST /api/opening-hours, JSON or form data (`week[0][day]=monday&week[0][open]=08:00`).
 * `week` must be sent, as a list: `[]` (with no exceptions) is the one way to clear the hours, and a
 * body without it (`{}`, `null`, another form) is refused rather than read as no hours. Absent
 * `exceptions` are none. `closed` is true/false/1/0 only. Field errors: `week` (missing, not a
 * list, not all seven days), `week.N.day`, `week.N.open`, `week.N.close`
 * (equal to the open: 'A nyitás és a zárás nem lehet azonos.'), `exceptions` (more than
 * OPENING_EXCEPTIONS_MAX, or given without a week), `exceptions.N.date` (malformed or twice),
 * `exceptions.N.name`, `exceptions.N.open`, `exceptions.N.close`.
 */
export const openingHoursBodySchema = withFormObjectLists(
  ['week', 'exceptions'],
  z
    .object({
      week: z.array(weekItem, {
        error: (iss) => (iss.input === undefined ? openingHoursMessages.weekRequired : openingHoursMessages.list),
      }),
      exceptions: z.preprocess(
        (v) => (v === undefined ? [] : v),
        z
          .array(exceptionItem, { error: openingHoursMessages.list })
          .max(OPENING_EXCEPTIONS_MAX, { error: openingHoursMessages.tooMany }),
      ),
    })
    .superRefine((v, ctx) => {
      const seen = new Set<string>();
      v.week.forEach((d, i) => {
        if (seen.has(d.day))
          ctx.addIssue({ code: 'custom', path: ['week', i, 'day'], message: openingHoursMessages.dayTwice });
        seen.add(d.day);
      });
      if (v.week.length > 0 && seen.size !== DAY_KEYS.length && seen.size === v.week.length)
        ctx.addIssue({ code: 'custom', path: ['week'], message: openingHoursMessages.week });
      const dates = new Set<string>();
      v.exceptions.forEach((e, i) => {
        if (dates.has(e.date))
          ctx.addIssue({ code: 'custom', path: ['exceptions', i, 'date'], message: openingHoursMessages.dateTwice });
        dates.add(e.date);
      });
      if (v.week.length === 0 && v.exceptions.length > 0)
        ctx.addIssue({ code: 'custom', path: ['exceptions'], message: openingHoursMessages.withoutWeek });
    })
    .transform((v): OpeningHours => ({
      week: [...v.week].sort((a, b) => DAY_KEYS.indexOf(a.day) - DAY_KEYS.indexOf(b.day)) as OpeningDay[],
      exceptions: [...v.exceptions].sort((a, b) => (a.date < b.date ? -1 : 1)) as OpeningException[],
    })),
);
