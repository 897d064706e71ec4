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

/**
 * The field rules live with the wire shapes in contracts/fields.ts: routes validate with the
 * contract's body schemas, which are built from them. Re-exported for routes that add fields of
 * their own.
 */
export { laravelBoolean, requiredEmail, requiredString } from '../../../contracts/fields';

/**
 * Like `validate`, but collects the field errors into `errors` instead of throwing, for routes that
 * report several checks together (e.g. a name and the ids only the database can judge).
 */
export function collect<S extends z.ZodType>(schema: S, input: unknown, errors: FieldErrors): z.infer<S> | undefined {
  try {
    return validate(schema, input);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.errors);
    return undefined;
  }
}

/** Throws the errors `collect` gathered, if any, as one 422. */
export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}
