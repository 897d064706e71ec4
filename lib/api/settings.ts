'use client';

import { mutate } from 'swr';
import type { Customer, Setting } from '@/contracts';
import { upsertById } from '@/lib/mixer/list-edits';
import { apiFetch } from './fetcher';
import { useSeededList } from './seeded';
import { CUSTOMER_KEY } from './use-customer';

/** The SWR key of the settings (SPEC.md §7 Settings): the BFF URL itself, which the server render seeds (lib/server). */
export const SETTINGS_KEY = '/api/settings';
/** Save a value: form or JSON `id, key, value`. */
export const settingPath = (id: number) => `/api/settings/${id}`;
/** Upload a file (the logo): multipart `id, key, file`. */
export const settingFilePath = (id: number) => `/api/settings/file/${id}`;

// Defined beside the layout's reader of it (use-shop-time-zone.ts), so the layout does not load this
// module for a name (issue 42, own JS).
export { TIMEZONE_SETTING } from './use-shop-time-zone';

/** SPEC.md §7 sends the settings as form data: `id`, `key` and the `value` (or the `file`). */
export function settingForm(setting: Setting, field: 'value' | 'file', content: string | Blob): FormData {
  const form = new FormData();
  form.append('id', String(setting.id));
  form.append('key', setting.key);
  form.append(field, content);
  return form;
}

export const settingApi = {
  list: () => apiFetch<Setting[]>(SETTINGS_KEY),
  save: (setting: Setting, value: string, signal?: AbortSignal) =>
    apiFetch<Setting>(settingPath(setting.id), { method: 'POST', body: settingForm(setting, 'value', value), signal }),
};

/** The shop's settings, seeded by the server render (null when its call failed). */
export function useSettings(initial: Setting[] | null) {
  return useSeededList(SETTINGS_KEY, initial, settingApi.list);
}

/** The customer with this setting in place of its old row (or added). */
function withSetting(customer: Customer, setting: Setting): Customer {
  const has = customer.settings.some((s) => s.key === setting.key);
  const settings = has
    ? customer.settings.map((s) => (s.key === setting.key ? setting : s))
    : [...customer.settings, setting];
  return { ...customer, settings };
}

/**
 * A saved setting as the server answered it: the list shows it, and so does everything that reads the
 * customer's settings (the header's logo), without a reload. `known` is the customer the page shows:
 * the layout seeds it as SWR's fallback, which a `mutate` does not see, so the cache may still be
 * empty; with neither, the customer is fetched again.
 */
export async function noteSetting(setting: Setting, known?: Customer | null): Promise<void> {
  await Promise.all([
    mutate<Setting[]>(SETTINGS_KEY, (list) => upsertById(list, setting, 'last'), { revalidate: false }),
    known
      ? mutate<Customer>(CUSTOMER_KEY, (cached) => withSetting(cached ?? known, setting), { revalidate: false })
      : mutate(CUSTOMER_KEY).catch(() => undefined),
  ]);
}
