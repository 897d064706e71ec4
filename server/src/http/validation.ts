import { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';

/**
 * Every route validates its input through `validate`, so a bad body is always a Laravel-shaped
 * 422 with Hungarian messages, never a 500. Rules are built from the helpers below so the
 * messages read the same everywhere.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ValidationError(errors);
}

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

/** Laravel's `boolean` rule: true, 1, "1", "on", "yes", "true" are true; absent is false. */
export const laravelBoolean = z.preprocess(
  (v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'yes', 'true'].includes(v.toLowerCase())),
  z.boolean(),
);
