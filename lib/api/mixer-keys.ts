/**
 * SWR keys of the mixer's slideshows and screens: the BFF URLs themselves (SPEC.md §7), kept apart
 * from the hooks so server components can import them without the SWR client.
 */
export const SLIDESHOWS_KEY = '/api/slideshows';
export const slideshowKey = (id: number) => `/api/slideshows/${id}`;
/** One image a call, in the form field `file`. */
export const slideshowImagePath = (id: number) => `/api/slideshows/${id}/image`;
export const SCREENS_KEY = '/api/screens';
export const screenKey = (id: number) => `/api/screens/${id}`;
/** The public page an in-store TV opens, on the web app's own origin. */
export const screenPagePath = (hashId: string) => `/screen/${encodeURIComponent(hashId)}`;
