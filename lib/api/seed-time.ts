/**
 * The entry of a page's SWR fallback that says when the server read it (its clock, ms). Pure, so both
 * the server's page reads (`lib/server`) and the browser's hooks (`lib/api/seeded.ts`) can import it.
 * No hook reads it as data: it is no API path.
 */
export const SEEDED_AT_KEY = '$seededAt';

/** When `fallback` was read, or null when it does not say (a test's own fallback). */
export function seededAtOf(fallback: Record<string, unknown> | undefined): number | null {
  const at = fallback?.[SEEDED_AT_KEY];
  return typeof at === 'number' ? at : null;
}

/** When this browser last sent a change (its clock, ms): `apiFetch` notes every call but a GET. */
let lastWriteAt = -Infinity;

export function noteLocalWrite(): void {
  lastWriteAt = Date.now();
}

export function lastLocalWriteAt(): number {
  return lastWriteAt;
}
