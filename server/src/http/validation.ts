import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, messages, ValidationError, type FieldErrors } from './errors';

/*
 * Routes declare their input as `schema: { params, querystring, body }` with the contract's zod
 * schemas (the zod type provider validates them before the handler); a failed schema reaches the
 * app's error handler, which answers it through `fromSchemaValidation`. A row found before its
 * body is judged (Laravel's 404 before 422) is a `preValidation` hook (`rowBeforeBody`); fields
 * reported together with what a schema cannot judge (the uploaded file, the database's rows) come
 * from a route with `attachValidation` (`schemaErrorsOf`). `collect` remains for two readings a
 * schema cannot make, each named with its reason in tests/unit/server/routes-declare-shapes.test.ts.
 */

/** Laravel's field keys: the dotted path of each issue, the form as a whole under `body`. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A bad input is always a Laravel-shaped 422 with the contract's Hungarian messages, never a 500. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationError(fieldErrorsOf(result.error.issues));
}

/**
 * The answer to a failed route schema, or undefined when `err` is something else. A malformed
 * path id names no row (Laravel's route-model binding: 404); bad fields are the 422 `validate`
 * gives.
 */
export function fromSchemaValidation(err: unknown): HttpError | ValidationError | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  if (err.validationContext === 'params') return new HttpError(404, messages.notFound);
  return new ValidationError(
    fieldErrorsOf(
      err.validation.map((issue) => ({
        // The provider flattens an issue's path into a JSON pointer (`/images/0/id`).
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? '',
      })),
    ),
  );
}

/**
 * The field rules live with the wire shapes in contracts/fields.ts: routes validate with the
 * contract's body schemas, which are built from them. Re-exported for routes that add fields of
 * their own.
 */
export { booleanField, requiredEmail, requiredString } from '../../../contracts/fields';

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

/**
 * The field errors of a route that declares `attachValidation: true`: its schema's verdict (none when
 * the input passed) for the handler to report together with checks a schema cannot make (the
 * uploaded file, what only the database knows), in one 422 as Laravel's form requests do. A bad path
 * id is still the 404 of `fromSchemaValidation`. While errors are reported, `req.body` is the raw
 * input: read it only when there are none.
 */
export function schemaErrorsOf(req: FastifyRequest): FieldErrors {
  const answer = req.validationError ? fromSchemaValidation(req.validationError) : undefined;
  if (!req.validationError) return {};
  if (!answer) throw req.validationError;
  if (answer instanceof ValidationError) return { ...answer.errors };
  throw answer;
}
