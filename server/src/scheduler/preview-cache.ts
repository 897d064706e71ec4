import { randomUUID } from 'node:crypto';
import type { Database, Db } from '../db/client';
import { releasePreviewSlot, scheduleVersion, takePreviewSlot } from '../db/queries/preview';
import { HttpError, messages } from '../http/errors';

/** Most previews of one shop built at once, across every API instance. */
export const PREVIEW_SLOTS = 2;
/** A slot's lease: an instance that dies holding one frees it this long after it took it. */
export const PREVIEW_SLOT_LEASE_MS = 60_000;
/** The 429's Retry-After (seconds): about one preview's build. */
export const PREVIEW_RETRY_AFTER_S = 2;
/** The cache's bounds: answers kept, and their JSON's bytes all together. */
const MAX_ENTRIES = 64;
const MAX_BYTES = 16 * 1024 * 1024;
const MINUTE_MS = 60_000;

/** One preview window of a shop: its answer depends on nothing else but the shop's schedule version. */
export interface PreviewWindow {
  customerId: number;
  timeZone: string;
  /** The window's first minute (UTC ms): every request within that minute shows the same fires. */
  startMinute: number;
  hours: number;
}

interface Entry {
  window: PreviewWindow;
  version: number;
  /** The answer's JSON as bytes (outside the JavaScript heap: a kept answer given again allocates no string). */
  json: Buffer;
}

/**
 * The schedule preview's guard (issue 38): a shop's answer is kept per window (its start minute and
 * `hours`) as its JSON, and given again while the shop's schedule version (kept by the database,
 * raised by its triggers on every write the preview shows; one query) is the one it was built at,
 * so a change made through any instance is seen at once. A request for a window already being built
 * at the same version waits for that build. Otherwise the build takes one of the shop's
 * PREVIEW_SLOTS slots (`previewSlots`: counted across every instance); with none free the answer
 * is 429 with Retry-After. The cache is this instance's, least recently used out first.
 */
export function createPreviewCache(db: Db, slots: PreviewSlots) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, { version: number; json: Promise<Buffer> }>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.json.length;
    entries.delete(key);
  };

  const keep = (key: string, entry: Entry) => {
    drop(key);
    // Windows of other minutes are never asked again.
    for (const [k, e] of entries) {
      if (Math.abs(e.window.startMinute - entry.window.startMinute) > MINUTE_MS) drop(k);
    }
    if (entry.json.length > MAX_BYTES) return;
    entries.set(key, entry);
    bytes += entry.json.length;
    for (const k of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(k);
    }
  };

  return {
    /**
     * The window's answer as JSON: kept, being built, or built by `build`, which reads the database
     * only once called: the version is read before it, so a kept answer is never older than the
     * version it is kept under (a write in between only makes it look stale, and it is built again).
     */
    async answer(window: PreviewWindow, build: () => Promise<unknown>): Promise<Buffer> {
      const { customerId } = window;
      const key = `${customerId}|${window.timeZone}|${window.startMinute}|${window.hours}`;
      const version = await scheduleVersion(db, { customerId });
      const kept = entries.get(key);
      if (kept && kept.version === version) {
        // Most recently used: to the end of the order.
        entries.delete(key);
        entries.set(key, kept);
        return kept.json;
      }
      const inFlight = building.get(key);
      if (inFlight && inFlight.version === version) return inFlight.json;

      const slot = await slots.take(customerId);
      if (slot === undefined) {
        throw new HttpError(429, messages.tooManyRequests, { 'retry-after': String(PREVIEW_RETRY_AFTER_S) });
      }
      const json = (async () => {
        try {
          return Buffer.from(JSON.stringify(await build()));
        } finally {
          await slot.release().catch(() => {});
        }
      })();
      building.set(key, { version, json });
      try {
        const done = await json;
        keep(key, { window, version, json: done });
        return done;
      } finally {
        if (building.get(key)?.json === json) building.delete(key);
      }
    },
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;

/** A slot held for one build. */
export interface HeldSlot {
  release(): Promise<void>;
}

/** Where a shop's preview slots are counted. */
export interface PreviewSlots {
  /** A slot of the shop for one build; undefined when all PREVIEW_SLOTS are held. */
  take(customerId: number): Promise<HeldSlot | undefined>;
}

/** PGlite's slots, by database: one process is the only instance, so a count in memory is the count. */
const localSlots = new WeakMap<Db, Map<number, number>>();

/**
 * The shop's preview slots. On PostgreSQL, leases in `preview_slots`, which every instance sees: one
 * statement takes the first free or expired one, one gives it back; an instance that dies holding
 * one loses it when its lease passes. On PGlite (this process alone) a count in memory, shared by
 * every app on the same database: a lease there would cost two commits, and PGlite's commits run
 * on the API's own thread.
 */
export function previewSlots(database: Pick<Database, 'db' | 'kind'>): PreviewSlots {
  const { db } = database;
  if (database.kind === 'pglite') {
    let held = localSlots.get(db);
    if (!held) localSlots.set(db, (held = new Map()));
    const counts = held;
    return {
      async take(customerId) {
        const n = counts.get(customerId) ?? 0;
        if (n >= PREVIEW_SLOTS) return undefined;
        counts.set(customerId, n + 1);
        let released = false;
        return {
          async release() {
            if (released) return;
            released = true;
            const left = (counts.get(customerId) ?? 1) - 1;
            if (left > 0) counts.set(customerId, left);
            else counts.delete(customerId);
          },
        };
      },
    };
  }
  return {
    async take(customerId) {
      const holder = randomUUID();
      // A request that lost the free slot to another asks again (the next one may be free).
      for (let attempt = 0; attempt < PREVIEW_SLOTS; attempt++) {
        const slot = await takePreviewSlot(db, {
          customerId,
          slots: PREVIEW_SLOTS,
          holder,
          leaseMs: PREVIEW_SLOT_LEASE_MS,
        });
        if (slot === 'none') return undefined;
        if (slot !== 'lost') return { release: () => releasePreviewSlot(db, { customerId, slot, holder }) };
      }
      return undefined;
    },
  };
}
