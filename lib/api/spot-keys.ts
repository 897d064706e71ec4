/**
 * SWR keys and paths of the spots (SPEC.md §7 Spots); the keys are the BFF URLs themselves. Kept
 * apart from the hooks so server components can import them without the SWR client.
 */
export const SPOTS_KEY = '/api/spots';
/** Update: `name`, optional new `file`, `id` (without a file the old one stays). */
export const spotPath = (id: number) => `/api/spots/${id}`;
export const spotDeletePath = (id: number) => `/api/spots/delete/${id}`;
