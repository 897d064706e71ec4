'use client';

import useSWR, { mutate } from 'swr';
import type { Alert, AlertEvent, AlertSettings, AlertsPage, PushSubscriptionBody } from '@/contracts/alerts';
import { apiFetch, BrowserApiError } from './fetcher';

/**
 * The shop's alerts ('Értesítések', contracts/alerts.ts), calls only the bundled API has: the SWR
 * keys are the BFF URLs. A Laravel API answers 404: the bell, the banner and the settings section
 * hide themselves. The contract module pulls zod, which the browser bundle leaves out, so the few
 * constants read here are repeated; a unit test keeps them equal.
 */
export const ALERTS_KEY = '/api/alerts?page=1';
export const alertsPagePath = (page: number) => `/api/alerts?page=${page}`;
export const ALERTS_READ_PATH = '/api/alerts/read';
export const ALERT_SETTINGS_KEY = '/api/alert-settings';
export const ALERT_TEST_PATH = '/api/alert-settings/test';
export const PUSH_CONFIG_PATH = '/api/push-config';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push-subscriptions';
export const PUSH_SUBSCRIPTIONS_DELETE_PATH = '/api/push-subscriptions/delete';

/** contracts/alerts.ts ALERT_BANNER_KINDS, ALERT_DELAY_MIN / _MAX, ALERT_KINDS. */
export const BANNER_KINDS: readonly Alert['kind'][] = ['offline', 'blocked', 'stalled'];
export const DELAY_MIN = 1;
export const DELAY_MAX = 60;
export const SETTING_KINDS = ['offline', 'blocked', 'stalled', 'paused', 'spot_missed'] as const;

export const alertsApi = {
  page: (page = 1) => apiFetch<AlertsPage>(alertsPagePath(page)),
  read: (ids?: number[]) =>
    apiFetch<{ unread: number }>(ALERTS_READ_PATH, { method: 'POST', body: ids ? { ids } : {} }),
  settings: () => apiFetch<AlertSettings>(ALERT_SETTINGS_KEY),
  saveSettings: (settings: AlertSettings, signal?: AbortSignal) =>
    apiFetch<AlertSettings>(ALERT_SETTINGS_KEY, { method: 'POST', body: settings, signal }),
  test: () => apiFetch<{ sent: { mail: number; push: number } }>(ALERT_TEST_PATH, { method: 'POST', body: {} }),
  pushConfig: () => apiFetch<{ public_key: string }>(PUSH_CONFIG_PATH),
  subscribe: (body: PushSubscriptionBody) => apiFetch<{ ok: true }>(PUSH_SUBSCRIPTIONS_PATH, { method: 'POST', body }),
  unsubscribe: (endpoint: string) =>
    apiFetch<{ ok: true }>(PUSH_SUBSCRIPTIONS_DELETE_PATH, { method: 'POST', body: { endpoint } }),
};

export const notServed = (error: unknown) => error instanceof BrowserApiError && error.status === 404;

const isBanner = (alert: Alert) => alert.closed_at === null && BANNER_KINDS.includes(alert.kind);

/** The first page with an alert that opened, closed or changed put in place (newest first). */
export function withAlert(page: AlertsPage, event: AlertEvent): AlertsPage {
  const { alert } = event;
  const known = page.data.some((a) => a.id === alert.id);
  const data = known
    ? page.data.map((a) => (a.id === alert.id ? { ...alert, read: alert.read || a.read } : a))
    : [alert, ...page.data].sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
  const open = page.open.filter((a) => a.id !== alert.id);
  return {
    ...page,
    data,
    unread: event.unread,
    open: isBanner(alert) ? [alert, ...open] : open,
  };
}

/** Everything on the page read, with the server's count. */
export function allRead(page: AlertsPage, unread: number): AlertsPage {
  return { ...page, unread, data: page.data.map((a) => ({ ...a, read: true })) };
}

/**
 * An alert event from the socket: the bell and the banner change at once, then the page is asked
 * again (the event carries one alert; a closing one is followed by its 'Újra szól a zene' notice).
 */
export function noteAlertEvent(event: AlertEvent): void {
  void mutate<AlertsPage>(ALERTS_KEY, (page) => (page ? withAlert(page, event) : page), { revalidate: true }).catch(
    () => undefined,
  );
}

/** Whether the API answered the alerts' call with 404 (a Laravel API): nothing asks again then. */
let apiWithoutAlerts = false;

/** Events may have been missed (a reconnect, a poll tick): the bell asks again, when it is shown. */
export function refreshAlerts(): void {
  if (apiWithoutAlerts) return;
  void mutate(ALERTS_KEY).catch(() => undefined);
}

async function fetchFirstPage(): Promise<AlertsPage> {
  try {
    return await alertsApi.page(1);
  } catch (error) {
    if (notServed(error)) apiWithoutAlerts = true;
    throw error;
  }
}

export interface AlertsState {
  page: AlertsPage | null;
  /** true: the API has alerts; false: it answered 404; null: not known yet (or it failed). */
  supported: boolean | null;
}

/** The first page of the shop's alerts (the bell's list, its count and the banner), asked once a tab. */
export function useAlerts(): AlertsState {
  const swr = useSWR<AlertsPage, Error>(ALERTS_KEY, fetchFirstPage, {
    revalidateOnFocus: !apiWithoutAlerts,
    shouldRetryOnError: (error: Error) => !notServed(error),
  });
  const missing = notServed(swr.error);
  return {
    page: missing ? null : (swr.data ?? null),
    supported: missing ? false : swr.data ? true : null,
  };
}

/** Marks every alert read ('Összes olvasottnak jelölése'). */
export async function markAllAlertsRead(): Promise<void> {
  const { unread } = await alertsApi.read();
  await mutate<AlertsPage>(ALERTS_KEY, (page) => (page ? allRead(page, unread) : page), { revalidate: false });
}

export interface AlertSettingsState {
  settings: AlertSettings | null;
  supported: boolean | null;
  failed: boolean;
  retry: () => void;
}

/** The shop's alert settings (the settings page's 'Értesítések' section). */
export function useAlertSettings(): AlertSettingsState {
  const swr = useSWR<AlertSettings, Error>(ALERT_SETTINGS_KEY, alertsApi.settings, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const missing = notServed(swr.error);
  return {
    settings: swr.data ?? null,
    supported: missing ? false : swr.data ? true : null,
    failed: swr.error !== undefined && !missing,
    retry: () => void swr.mutate(),
  };
}

export async function noteAlertSettings(settings: AlertSettings): Promise<void> {
  await mutate(ALERT_SETTINGS_KEY, settings, { revalidate: false });
}
