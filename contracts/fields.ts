import { z } from 'zod';
// zod's own texts in Hungarian wherever the house's field rules are used.
import './zod-errors';

/**
 * Field rules of the request bodies, with the API's Hungarian 422 messages and Laravel's form-data
 * coercion (a form posts every value as text). The body schemas of the other contract modules are
 * built from these, and the server validates with those schemas (`validate` in
 * server/src/http/validation.ts), so the wire shape and its rules are written once.
 */

/** Form posts send everything as strings; JSON may send numbers. Both count as text. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

export function requiredString(label: string) {
  return z.preprocess(
    asText,
    z
      .string({ error: `A(z) ${label} mező kitöltése kötelező.` })
      .trim()
      .min(1, { error: `A(z) ${label} mező kitöltése kötelező.` }),
  );
}

export function requiredEmail(label = 'e-mail cím') {
  return z.preprocess(
    asText,
    z
      .string({ error: `Az ${label} megadása kötelező.` })
      .trim()
      .min(1, { error: `Az ${label} megadása kötelező.` })
      .max(255, { error: `Az ${label} legfeljebb 255 karakter lehet.` })
      .pipe(z.email({ error: 'Kérjük, érvényes e-mail címet adjon meg.' })),
  );
}

/** The message of a boolean field that holds anything else. */
export const booleanMessage = (label: string) => `A(z) ${label} mező értéke csak igaz vagy hamis lehet.`;

/**
 * A boolean field as Laravel's `boolean` rule reads it: true, false, 1, 0 (a form's '1' and '0');
 * anything else ('yes', 'on', 'true' text, 2, null) is a 422 under the field. Absent stays
 * absent: the caller says what that means (`.optional()`, `.default(…)`).
 */
export function booleanField(label: string) {
  return z.preprocess(
    (v) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v),
    z.boolean({ error: booleanMessage(label) }),
  );
}

/** The day keys' names in the house's messages ('A(z) hétfő mező …'). */
export const DAY_LABELS = {
  monday: 'hétfő',
  tuesday: 'kedd',
  wednesday: 'szerda',
  thursday: 'csütörtök',
  friday: 'péntek',
  saturday: 'szombat',
  sunday: 'vasárnap',
} as const;

/** A decimal number sent as a number (JSON) or as text (form); blank counts as absent. */
export const asNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
};

/** Largest id the API's integer columns hold. */
export const MAX_ID = 2_147_483_647;

/** An optional positive id (e.g. `track`): digits as text count, blank or null is absent. */
/**
 * A path id as Laravel's route-model binding reads it: a positive integer within the column's
 * range, nothing else (the server answers anything else 404, never 422).
 */
export const routeIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ID);

/** `{ id }` path params of a `…/:id` route. */
export const idParamsSchema = z.object({ id: routeIdSchema });

/** Path params that are all ids (`…/:id/tracks/:trackId`): each read as `routeIdSchema`. */
export function routeIdsSchema<const K extends string>(...keys: K[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, routeIdSchema])) as Record<K, typeof routeIdSchema>);
}

export function optionalId(message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(MAX_ID, { error: message })
      .optional(),
  );
}

/**
 * Bidirectional-text controls and marks (U+061C, U+200E, U+200F, U+202A–U+202E embeddings and
 * overrides, U+2066–U+2069 isolates): a name holding one can show reversed or disguised text to
 * everyone who sees it.
 */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_CHARS: ReadonlySet<string> = new Set(
  [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
    String.fromCodePoint(c),
  ),
);

/*
 * Invisible characters, one rule for every name and text a shop gives: the Unicode categories Cf
 * (format: bidi marks, zero-width spaces, U+FEFF, the soft hyphen, tag characters), Cc (C0 and C1
 * controls) and Zl/Zp (U+2028, U+2029). They let two names look the same or hide text. The one
 * exception is the zero-width joiner between two emoji, which makes a single emoji of them
 * ('👩‍🍳'); a skin tone or U+FE0F may close the first.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;
const EMOJI_JOINER =
  '(?<=\\p{Extended_Pictographic}[\\uFE0F\\p{Emoji_Modifier}]?)\\u200D(?=\\p{Extended_Pictographic})';
const EMOJI_JOINERS = new RegExp(EMOJI_JOINER, 'gu');
const INVISIBLE_OR_JOINER = new RegExp(`(${EMOJI_JOINER})|[\\p{Cf}\\p{Cc}\\p{Zl}\\p{Zp}]`, 'gu');

/** Whether `s` holds an invisible character other than an emoji's joiner and those in `allowed`. */
export function hasInvisible(s: string, allowed: ReadonlySet<string> = new Set()): boolean {
  return [...s.replace(EMOJI_JOINERS, '')].some((c) => INVISIBLE.test(c) && !allowed.has(c));
}

/** `s` without its invisible characters (emoji joiners kept): for labels taken from file names. */
export function stripInvisible(s: string): string {
  return s.replace(INVISIBLE_OR_JOINER, (match, joiner: string | undefined) => (joiner ? match : ''));
}

export const nameMessages = {
  required: 'A név megadása kötelező.',
  text: 'A név csak szöveg lehet.',
  tooLong: (max: number) => `A név legfeljebb ${max} karakter lehet.`,
  control: 'A név nem tartalmazhat sortörést vagy vezérlőkaraktert.',
  bidi: 'A név nem tartalmazhat szövegirány-vezérlő karaktert.',
} as const;

/**
 * Every `name` a client sends (playlists, and any other named thing): trimmed, 1..max, no invisible
 * characters (the bidi ones with their own message). Judged before trimming: JavaScript's trim
 * takes U+FEFF and U+2028 away at the ends, and a name must not pass by where it hides them.
 */
export function nameField(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? nameMessages.required : nameMessages.text) })
      .refine((s) => !hasInvisible(s, BIDI_CHARS), { error: nameMessages.control })
      .refine((s) => !BIDI_CONTROL.test(s), { error: nameMessages.bidi })
      .trim()
      .min(1, { error: nameMessages.required })
      .max(max, { error: nameMessages.tooLong(max) }),
  );
}

type Body = Record<string, unknown>;
const isBody = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The raw values of a list field `key`, as a JSON array or as a form array: `key[]=1&key[]=2` (one
 * value arrives as a string), `key[0]=1&key[1]=2`, or repeated `key=1&key=2`. Undefined when absent.
 */
export function rawList(body: unknown, key: string): unknown[] | undefined {
  if (!isBody(body)) return undefined;
  const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  if (body[key] !== undefined && body[key] !== null && body[key] !== '') return listOf(body[key]);
  if (body[`${key}[]`] !== undefined) return listOf(body[`${key}[]`]).filter((v) => v !== '');
  const pattern = new RegExp(`^${key}\\[(\\d{1,6})\\]$`);
  const indexed = Object.keys(body)
    .map((k) => pattern.exec(k))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return indexed.length ? indexed.map((m) => body[m[0]]) : undefined;
}

/**
 * A body whose list fields may arrive in any of `rawList`'s forms: they are gathered under their
 * plain key before the object schema sees them.
 */
export function withFormLists<S extends z.ZodType>(keys: readonly string[], schema: S) {
  return z.preprocess((input) => {
    const body: Body = isBody(input) ? { ...input } : {};
    for (const key of keys) body[key] = rawList(body, key);
    return body;
  }, schema);
}

/**
 * A list of positive ids (numbers or digit strings). Problems are reported on the list itself, one
 * message per kind (missing or empty, too many, a malformed id): the forms show `errors.<field>`.
 */
export function idList(
  messages: { required: string; invalid: string; tooMany: string },
  { max, allowEmpty }: { max: number; allowEmpty: boolean },
) {
  return z
    .array(z.unknown(), { error: messages.required })
    .min(allowEmpty ? 0 : 1, { error: messages.required })
    .max(max, { error: messages.tooMany })
    .transform((raw, ctx) => {
      const ids: number[] = [];
      for (const v of raw) {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
        if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
          ctx.addIssue({ code: 'custom', message: messages.invalid });
          return z.NEVER;
        }
        ids.push(n);
      }
      return ids;
    });
}

/**
 * The raw list of objects `key`: the JSON value as sent, or the items of a form array
 * (`key[0][id]=3&key[0][seconds]=5`, the form PHP and Laravel read). Undefined when absent.
 */
export function rawObjectList(body: unknown, key: string): unknown {
  if (!isBody(body)) return undefined;
  // A JSON value is the schema's to judge (a non-list is refused there).
  if (body[key] !== undefined && body[key] !== null && body[key] !== '') return body[key];
  const pattern = new RegExp(`^${key}\\[(\\d{1,6})\\]\\[([A-Za-z_]{1,40})\\]$`);
  const items = new Map<number, Body>();
  for (const k of Object.keys(body)) {
    const m = pattern.exec(k);
    if (!m) continue;
    const index = Number(m[1]);
    const item = items.get(index) ?? {};
    item[m[2]!] = body[k];
    items.set(index, item);
  }
  return items.size ? [...items.entries()].sort((a, b) => a[0] - b[0]).map(([, item]) => item) : undefined;
}

/** Like `withFormLists`, for lists of objects (`rawObjectList`'s forms). */
export function withFormObjectLists<S extends z.ZodType>(keys: readonly string[], schema: S) {
  return z.preprocess((input) => {
    const body: Body = isBody(input) ? { ...input } : {};
    for (const key of keys) body[key] = rawObjectList(body, key);
    return body;
  }, schema);
}

type TextMessages = { required: string; text: string; tooLong: string; control: string };

/** Free texts keep their tabs and line breaks. */
const TEXT_BREAKS: ReadonlySet<string> = new Set(['\t', '\n', '\r']);
const blankAsAbsent = (v: unknown) =>
  typeof v === 'number' ? String(v) : v === null || (typeof v === 'string' && !v.trim()) ? undefined : v;

function textRule(max: number, messages: TextMessages) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? messages.required : messages.text) })
    .refine((s) => !hasInvisible(s, TEXT_BREAKS), { error: messages.control })
    .trim()
    .max(max, { error: messages.tooLong });
}

/**
 * A free text (a description): numbers count as text, 1..max characters; line breaks and tabs are
 * allowed, other invisible characters (`hasInvisible`) are not.
 */
export function requiredText(max: number, messages: TextMessages) {
  return z.preprocess(blankAsAbsent, textRule(max, messages).min(1, { error: messages.required }));
}

/** Like `requiredText`, but blank or absent is null. */
export function optionalText(max: number, messages: TextMessages) {
  return z.preprocess(blankAsAbsent, textRule(max, messages).optional()).transform((v) => v ?? null);
}

/** The bare `true` of a delete (Laravel's `return true`). */
export const trueAnswerSchema = z.literal(true);
