/**
 * SWR keys and paths of the soundboard (SPEC.md §7 Sounds); the keys are the BFF URLs themselves.
 * Kept apart from the hooks so server components can import them without the SWR client.
 */
export const SOUNDS_KEY = '/api/sounds';
export const soundMarkPath = (id: number, mark: 'favorite' | 'quick') => `/api/sounds/${id}/${mark}`;
export const soundDeletePath = (id: number) => `/api/sounds/${id}/delete`;
/** 'Új hang kérése': `{description}`, stored for the provider. */
export const SOUND_REQUESTS_PATH = '/api/sounds/requests';
