import { z } from 'zod';

/**
 * GET /media/{path}: the signed URL's query (`expires`, `signature`). Judged by the signature's
 * check, which answers 403 for anything missing or wrong, so the schema itself refuses nothing.
 */
export const mediaQuerySchema = z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() });
export type MediaQuery = z.infer<typeof mediaQuerySchema>;
