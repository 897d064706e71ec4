'use client';

import { mutate } from 'swr';
import type { ScheduledContent, ScheduledContentBody } from '@/contracts';
import { previewOf } from '@/contracts/schedule-preview';
import type { SchedulePreview, SchedulePreviewEntry } from '@/contracts/scheduled-contents';
import { upsertById, withoutId } from '@/lib/mixer/list-edits';
import { apiFetch } from './fetcher';
import { useSeeded, useSeededList } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const SCHEDULED_CONTENTS_KEY = '/api/scheduled-contents';
export const scheduledContentPath = (id: number) => `/api/scheduled-contents/${id}`;
export const scheduledContentTogglePath = (id: number) => `/api/scheduled-contents/toggle/${id}`;
export const scheduledContentDeletePath = (id: number) => `/api/scheduled-contents/delete/${id}`;
/** What fires in the next 24 hours: the page's timeline. */
export const SCHEDULE_PREVIEW_KEY = '/api/scheduled-contents/preview?hours=24';

export const scheduledContentApi = {
  list: () => apiFetch<ScheduledContent[]>(SCHEDULED_CONTENTS_KEY),
  /** The bundled API answers { from, until, fires, music }, a Laravel API the bare fires: both read as the first. */
  preview: async () =>
    previewOf(await apiFetch<SchedulePreview | SchedulePreviewEntry[]>(SCHEDULE_PREVIEW_KEY)) ??
    ({ from: '', until: '', fires: [], music: [] } satisfies SchedulePreview),
  create: (body: ScheduledContentBody, signal?: AbortSignal) =>
    apiFetch<ScheduledContent>(SCHEDULED_CONTENTS_KEY, { method: 'POST', body, signal }),
  update: (id: number, body: ScheduledContentBody, signal?: AbortSignal) =>
    apiFetch<ScheduledContent>(scheduledContentPath(id), { method: 'POST', body, signal }),
  toggle: (id: number) => apiFetch<unknown>(scheduledContentTogglePath(id), { method: 'POST' }),
  /** SPEC.md §7: the id goes in the form data too. */
  remove: (id: number) => {
    const form = new FormData();
    form.set('id', String(id));
    return apiFetch<unknown>(scheduledContentDeletePath(id), { method: 'POST', body: form });
  },
};

/** The shop's scheduled contents, seeded by the server render (null when its call failed). */
export function useScheduledContents(initial: ScheduledContent[] | null) {
  return useSeededList(SCHEDULED_CONTENTS_KEY, initial, scheduledContentApi.list);
}

/**
 * The next 24 hours (fires and music), seeded by the server render (null when its call failed).
 * `list` is the whole preview: ScheduleTimeline's `entries` takes it as it is.
 */
export function useSchedulePreview(initial: SchedulePreview | null) {
  return useSeeded(SCHEDULE_PREVIEW_KEY, initial, scheduledContentApi.preview);
}

/**
 * The list and the timeline as the server now has them: after any save, toggle or delete (the next
 * play time and the preview are the server's to compute). A failed reload keeps what is shown.
 */
export function reloadSchedule(): Promise<unknown> {
  return Promise.all([mutate(SCHEDULED_CONTENTS_KEY), mutate(SCHEDULE_PREVIEW_KEY)]).catch(() => undefined);
}

/** An item's switch at once in the table, before the server's answer (the reload after it shows the server's state). */
export async function showScheduledContentActive(id: number, active: boolean): Promise<void> {
  await mutate<ScheduledContent[]>(
    SCHEDULED_CONTENTS_KEY,
    (list) => list?.map((item) => (item.id === id ? { ...item, active } : item)),
    { revalidate: false },
  );
}

/** A saved item at once in the table (its row, its name), then the server's own list and preview. */
export async function noteScheduledContent(item: ScheduledContent): Promise<void> {
  await mutate<ScheduledContent[]>(SCHEDULED_CONTENTS_KEY, (list) => upsertById(list, item), { revalidate: false });
  void reloadSchedule();
}

export async function forgetScheduledContent(id: number): Promise<void> {
  await mutate<ScheduledContent[]>(SCHEDULED_CONTENTS_KEY, (list) => withoutId(list, id), { revalidate: false });
  void reloadSchedule();
}
