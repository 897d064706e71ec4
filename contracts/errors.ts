import { z } from 'zod';

/** Laravel's validation error body: 422 `{message, errors: {field: [messages]}}`. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Any other error body (401, 403, 404, 419, 429 without field errors). */
export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** 429 from POST /login: validation-shaped, with `Retry-After` in the headers. */
export const throttledLoginSchema = z.object({
  message: z.string(),
  errors: z.object({ email: z.array(z.string()).min(1) }),
});
export type ThrottledLogin = z.infer<typeof throttledLoginSchema>;

/**
 * A 422 that may come without field errors: the player's commands answer a reused Idempotency-Key
 * with `{message}` alone, their other refusals as `validationErrorSchema`.
 */
export const refusalSchema = z.union([validationErrorSchema, messageSchema]);
