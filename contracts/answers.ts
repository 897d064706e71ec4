import { z } from 'zod';

/**
 * Answers shared by many routes (the API's response schemas, docs/openapi.json): an empty 204, the
 * bare `true` of the deletes, and `{ok: true}`.
 */
/** An answer without a body (204, or a redirect). */
export const noContentSchema = z.void().describe('No content');

/** The deletes' answer: the JSON `true`, bare (Laravel's `return true`). */
export const trueAnswerSchema = z.literal(true);

export const okAnswerSchema = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;
