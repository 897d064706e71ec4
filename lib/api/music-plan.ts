'use client';

import useSWR, { mutate } from 'swr';
import type { MusicBlock, MusicPlan } from '@/contracts/music-plan';
import { upsertById, withoutId } from '@/lib/mixer/list-edits';
import { zoneQuery } from '@/lib/mixer/zones';
import { apiFetch } from './fetcher';
import { MUSIC_PLAN_KEY } from './music-plan-key';
import { SCHEDULE_PREVIEW_KEY } from './scheduled-contents';
import { seededOptions, useSeededList, useServerSeed } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds them under the same URLs (lib/server). */
export { MUSIC_PLAN_KEY }; // its own module: the player bar reads the plan without this one (issue 42)
export const MUSIC_BLOCKS_KEY = '/api/music-plan/blocks';
export const musicBlockPath = (id: number) => `/api/music-plan/blocks/${id}`;
export const musicBlockDeletePath = (id: number) => `/api/music-plan/blocks/delete/${id}`;

/**
 * The zone whose plan the page shows (issue 43): null is the first zone (the calls then name none, as a
 * client without zones does). The plan page sets it as it renders (`usePlanZone`); one page, one zone.
 */
let planZone: number | null = null;

/** The plan's and the blocks' keys (and paths) for the zone shown: `?zone=` for any but the first. */
export const musicPlanKey = () => `${MUSIC_PLAN_KEY}${zoneQuery(planZone)}`;
export const musicBlocksKey = () => `${MUSIC_BLOCKS_KEY}${zoneQuery(planZone)}`;

/** The plan page's zone (its `?zone=`, checked by the server: null for the first). */
export function usePlanZone(zone: number | null): void {
  planZone = zone;
}

export const musicPlanApi = {
  plan: () => apiFetch<MusicPlan>(musicPlanKey()),
  savePlan: (body: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<MusicPlan>(musicPlanKey(), { method: 'POST', body, signal }),
  blocks: () => apiFetch<MusicBlock[]>(musicBlocksKey()),
  create: (body: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<MusicBlock>(MUSIC_BLOCKS_KEY, {
      method: 'POST',
      body: planZone === null ? body : { ...body, zone_id: planZone },
      signal,
    }),
  update: (id: number, body: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<MusicBlock>(musicBlockPath(id), { method: 'POST', body, signal }),
  remove: (id: number) => apiFetch<unknown>(musicBlockDeletePath(id), { method: 'POST' }),
};

/** The plan's switch and default source, seeded by the server render. */
export function useMusicPlan(initial: MusicPlan | null) {
  useServerSeed(musicPlanKey(), initial);
  const swr = useSWR<MusicPlan, Error>(musicPlanKey(), musicPlanApi.plan, {
    ...seededOptions,
    revalidateOnMount: initial === null,
    shouldRetryOnError: false,
  });
  return { plan: swr.data ?? initial, failed: swr.error !== undefined && swr.data === undefined };
}

/** The plan's blocks, seeded by the server render (null when its call failed). */
export function useMusicBlocks(initial: MusicBlock[] | null) {
  return useSeededList(musicBlocksKey(), initial, musicPlanApi.blocks);
}

/** The day's preview follows every change of the plan (its music events are the server's to compute). */
function reloadPreview(): void {
  void mutate(SCHEDULE_PREVIEW_KEY).catch(() => undefined);
}

export async function notePlan(plan: MusicPlan): Promise<void> {
  await mutate(musicPlanKey(), plan, { revalidate: false });
  reloadPreview();
}

/** A saved block at once in the week, then the server's own list and preview. */
export async function noteBlock(block: MusicBlock): Promise<void> {
  await mutate<MusicBlock[]>(musicBlocksKey(), (list) => upsertById(list, block), { revalidate: false });
  reloadPreview();
}

export async function forgetBlock(id: number): Promise<void> {
  await mutate<MusicBlock[]>(musicBlocksKey(), (list) => withoutId(list, id), { revalidate: false });
  reloadPreview();
}

export function reloadBlocks(): void {
  void mutate(musicBlocksKey()).catch(() => undefined);
}
