/**
 * The music half of the day's preview (issue 26, 'A következő 24 óra'): the openings and closings
 * of the shop, and, with the music plan on, what starts at each opening and at each block boundary
 * while open. Pure, like the day plan's engine it reads (`day-plan.ts`): the caller passes the
 * compiled hours and plan, the blocks' sources and UTC milliseconds.
 */
import type { MusicEvent } from '../../../contracts/scheduled-contents';
import type { MusicSourceType } from '../../../contracts/music-plan';
import { blockAt, planBoundaries, type CompiledPlan } from './day-plan';
import { type CompiledHours, isOpenAt, isoWithOffset, openingBoundaries } from '../../../contracts/time';

export interface PreviewSource {
  type: MusicSourceType;
  id: number;
  name: string;
}

export interface PreviewPlan {
  plan: CompiledPlan;
  /** By block id: what the block plays (its own source, or the default when its own is gone) and its volume. */
  blocks: Map<number, { source: PreviewSource | undefined; volume: number | null }>;
  /** 'Alapértelmezett zene', where no block covers (undefined: none set). */
  fallback: PreviewSource | undefined;
}

interface Playing {
  blockId: number | null;
  source: PreviewSource | undefined;
  volume: number | null;
}

function playingAt(p: PreviewPlan, blockId: number | null): Playing {
  const block = blockId === null ? undefined : p.blocks.get(blockId);
  return block ? { blockId, ...block } : { blockId: null, source: p.fallback, volume: null };
}

function details(playing: Playing): Pick<MusicEvent, 'block_id' | 'source' | 'volume'> {
  return {
    ...(playing.blockId !== null ? { block_id: playing.blockId } : {}),
    ...(playing.source ? { source: playing.source } : {}),
    ...(playing.volume !== null ? { volume: playing.volume } : {}),
  };
}

const sameSource = (a: PreviewSource | undefined, b: PreviewSource | undefined) =>
  a !== undefined && b !== undefined && a.type === b.type && a.id === b.id;

/**
 * The music events in [fromMs, untilMs), in time order: 'open' and 'close' from the hours; with a
 * plan (the switch on), 'open' carries what starts, and each block boundary while open is a
 * 'block', or a 'volume' when the next block plays the same source at another volume. A boundary
 * in the opening minute is the opening's; one while closed changes nothing audible.
 */
export function musicEvents(
  hours: CompiledHours,
  plan: PreviewPlan | null,
  fromMs: number,
  untilMs: number,
  timeZone: string,
): MusicEvent[] {
  const at = (ms: number) => isoWithOffset(ms, timeZone);
  const events: Array<{ ms: number; event: MusicEvent }> = [];
  const openings = openingBoundaries(hours, fromMs, untilMs, timeZone);
  const openingMs = new Set(openings.map((b) => b.at));
  for (const b of openings) {
    const playing = b.kind === 'open' && plan ? details(playingAt(plan, blockAt(plan.plan, b.at, timeZone))) : {};
    events.push({ ms: b.at, event: { at: at(b.at), kind: b.kind, ...playing } });
  }
  if (plan) {
    let before = playingAt(plan, blockAt(plan.plan, fromMs - 60_000, timeZone));
    for (const b of planBoundaries(plan.plan, fromMs, untilMs, timeZone)) {
      const now = playingAt(plan, b.blockId);
      if (!openingMs.has(b.at) && isOpenAt(hours, b.at, timeZone)) {
        const kind =
          sameSource(before.source, now.source) && now.volume !== null && now.volume !== before.volume
            ? 'volume'
            : 'block';
        events.push({ ms: b.at, event: { at: at(b.at), kind, ...details(now) } });
      }
      before = now;
    }
  }
  return events.sort((a, b) => a.ms - b.ms).map((e) => e.event);
}
