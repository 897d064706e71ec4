import type { SchedulePreview, SchedulePreviewEntry } from './scheduled-contents';

/**
 * The preview either API answers, as the new shape (a bare array — a Laravel API's — is fires
 * without music). Kept free of zod (its types only): the scheduler page's browser code reads it.
 */
export function previewOf(answer: SchedulePreview | SchedulePreviewEntry[] | null | undefined): SchedulePreview | null {
  if (!answer) return null;
  if (Array.isArray(answer)) return { from: answer[0]?.at ?? '', until: '', fires: answer, music: [] };
  return { ...answer, fires: answer.fires ?? [], music: answer.music ?? [] };
}
