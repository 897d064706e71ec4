'use client';

import useSWR, { mutate } from 'swr';
import type { Zone } from '@/contracts/zones';
import { apiFetch } from './fetcher';

/**
 * Zones (issue 43, the bundled API only). The list is the layout's: the server render seeds it under
 * its BFF URL (lib/server's `getAppShell`), an empty list when the API has no `GET /api/zones` (a
 * Laravel API) or it failed, which means one zone and no zone UI anywhere. It is not fetched again on
 * mount or focus; the settings' writes put the server's answer into it.
 */
export const ZONES_KEY = '/api/zones';
export const zonePath = (id: number) => `/api/zones/${id}`;
export const ZONES_REORDER_PATH = '/api/zones/reorder';
export const zoneDeletePath = (id: number) => `/api/zones/delete/${id}`;
export const MUSIC_PLAN_COPY_PATH = '/api/music-plan/copy';
export const deviceZonePath = (sessionId: string) => `/api/devices/${encodeURIComponent(sessionId)}/zone`;

export const zonesApi = {
  list: () => apiFetch<Zone[]>(ZONES_KEY),
  create: (name: string, signal?: AbortSignal) =>
    apiFetch<Zone>(ZONES_KEY, { method: 'POST', body: { name }, ...(signal ? { signal } : {}) }),
  rename: (id: number, name: string, signal?: AbortSignal) =>
    apiFetch<Zone>(zonePath(id), { method: 'POST', body: { name }, ...(signal ? { signal } : {}) }),
  reorder: (ids: number[]) => apiFetch<Zone[]>(ZONES_REORDER_PATH, { method: 'POST', body: { ids } }),
  remove: (id: number) => apiFetch<unknown>(zoneDeletePath(id), { method: 'POST' }),
  /** Copies a zone's week (its blocks) to another zone. */
  copyWeek: (fromZone: number, toZone: number) =>
    apiFetch<unknown>(MUSIC_PLAN_COPY_PATH, { method: 'POST', body: { from_zone: fromZone, to_zone: toZone } }),
  /** Remembers the zone this device steers (its presence id), for its next visit and the device menu. */
  rememberDeviceZone: (sessionId: string, zoneId: number) =>
    apiFetch<unknown>(deviceZonePath(sessionId), { method: 'POST', body: { zone_id: zoneId } }),
};

/** The shop's zones in order; an empty list when the API has none (one zone, no zone UI). */
export function useZones(): Zone[] {
  const { data } = useSWR<Zone[], Error>(ZONES_KEY, zonesApi.list, {
    revalidateOnMount: false,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  return data ?? NO_ZONES;
}

const NO_ZONES: Zone[] = [];

/** Whether the zone UI shows: only with more than one zone. */
export function hasZoneUi(zones: readonly Zone[]): boolean {
  return zones.length > 1;
}

/** The zones, only when the zone UI shows (more than one), else an empty list. */
export function useZoneUi(): Zone[] {
  const zones = useZones();
  return hasZoneUi(zones) ? zones : NO_ZONES;
}

/** The server's new list into the layout's cache. */
export async function noteZones(list: Zone[]): Promise<void> {
  await mutate(ZONES_KEY, list, { revalidate: false });
}

/** Reads the list again (after a change whose answer is not the list). */
export async function reloadZones(): Promise<Zone[] | undefined> {
  return mutate<Zone[]>(ZONES_KEY, zonesApi.list(), { revalidate: false });
}
