/**
 * SWR keys and paths of the scheduled contents (SPEC.md §7 Scheduled content); the keys are the BFF
 * URLs themselves. Kept apart from the hooks so server components can import them without SWR.
 */
export const SCHEDULED_CONTENTS_KEY = '/api/scheduled-contents';
export const scheduledContentPath = (id: number) => `/api/scheduled-contents/${id}`;
export const scheduledContentTogglePath = (id: number) => `/api/scheduled-contents/toggle/${id}`;
export const scheduledContentDeletePath = (id: number) => `/api/scheduled-contents/delete/${id}`;
/** What fires in the next 24 hours: the page's timeline. */
export const SCHEDULE_PREVIEW_KEY = '/api/scheduled-contents/preview?hours=24';
