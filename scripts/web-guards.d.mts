/** Types of scripts/web-guards.mjs (plain JavaScript, run by Node without a build step). */
import type { ServerResponse } from 'node:http';

export const SECURITY_HEADERS: Readonly<Record<'x-content-type-options' | 'referrer-policy', string>>;
export function setSecurityHeaders(res: ServerResponse): void;
export function hasBadPercentEscape(url: string): boolean;
export const NOT_FOUND_PATH: '/_not-found';
