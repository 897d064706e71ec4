import { readFile } from 'node:fs/promises';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sounds, spots, tracks } from '../db/schema';
import type { Storage } from '../storage';
import { SILENCE_LUFS, type Loudness } from './loudness';
import { createLoudnessQueue, type LoudnessQueue } from './queue';

/**
 * Loudness of the stored audio (issue 28): an upload is stored and answered at once, then measured
 * on the loudness worker and its row updated; files stored before this (or whose measuring was
 * cut short by a restart) are measured in the background after the API starts. The seeded
 * catalogue comes measured (server/assets/manifest.json), so a fresh start measures nothing.
 */

export type AudioTable = 'tracks' | 'spots' | 'sounds';

const TABLES = { tracks, spots, sounds } as const;
const BACKFILL_BATCH = 20;

export interface LoudnessService {
  /**
   * Measures one stored file and writes its figures to the row, unless the row got another file
   * meanwhile. `shop` is the row's customer (null: the provider's), the queue's round-robin lane.
   */
  measureStored(table: AudioTable, id: number, filePath: string, shop: number | null): Promise<void>;
  /** Measures every row without figures, a batch at a time, one file at a time. */
  backfill(): Promise<number>;
  /** Resolves when every measurement asked for so far has ended (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Silence has no level to match: it is kept at the absolute gate, so no gain ever lifts it. */
export function storedFigures(l: Loudness): { loudnessLufs: number; peakDbtp: number } {
  const floor = (v: number) => (Number.isFinite(v) ? Math.max(SILENCE_LUFS, v) : SILENCE_LUFS);
  return { loudnessLufs: floor(l.lufs), peakDbtp: floor(l.peakDbtp) };
}

export function createLoudnessService({
  db,
  storage,
  enabled = true,
  queue = createLoudnessQueue(),
  log,
}: {
  db: Db;
  storage: Storage;
  /** Off: uploads stay unmeasured (the bench's peer, LOUDNESS_MEASURE=0). */
  enabled?: boolean;
  queue?: LoudnessQueue;
  log?: { warn(obj: object, msg: string): void };
}): LoudnessService {
  const pending = new Set<Promise<unknown>>();
  /** Rows whose file could not be measured in this process: the backfill does not try them again. */
  const failed = new Set<string>();

  function track<T>(p: Promise<T>): Promise<T> {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => {});
    return p;
  }

  async function measureStored(table: AudioTable, id: number, filePath: string, shop: number | null): Promise<void> {
    if (!enabled) return;
    const abs = storage.resolve(filePath);
    let figures: Loudness | null = null;
    if (abs) {
      try {
        figures = await queue.measure(await readFile(abs), shop);
      } catch (err) {
        log?.warn({ err, table, id }, 'loudness: file not read');
      }
    }
    if (!figures) {
      failed.add(`${table}:${id}`);
      return;
    }
    const t = TABLES[table];
    // Catalogue tracks share files: every track of this file gets the figures at once.
    await db
      .update(t)
      .set(storedFigures(figures))
      .where(table === 'tracks' ? eq(t.filePath, filePath) : and(eq(t.id, id), eq(t.filePath, filePath)));
  }

  async function backfill(): Promise<number> {
    if (!enabled) return 0;
    let measured = 0;
    for (const table of Object.keys(TABLES) as AudioTable[]) {
      const t = TABLES[table];
      let after = 0;
      for (;;) {
        const rows = await db
          .select({ id: t.id, filePath: t.filePath, shop: 'customerId' in t ? t.customerId : sql<null>`null` })
          .from(t)
          .where(and(isNull(t.loudnessLufs), gt(t.id, after)))
          .orderBy(asc(t.id))
          .limit(BACKFILL_BATCH);
        if (!rows.length) break;
        for (const row of rows) {
          after = row.id;
          if (failed.has(`${table}:${row.id}`)) continue;
          await measureStored(table, row.id, row.filePath, row.shop);
          measured++;
        }
      }
    }
    return measured;
  }

  return {
    // Never rejects: a row left unmeasured plays at its own level.
    measureStored: (table, id, filePath, shop) =>
      track(
        measureStored(table, id, filePath, shop).catch((err: unknown) => {
          log?.warn({ err, table, id }, 'loudness: not stored');
        }),
      ),
    backfill: () => track(backfill()),
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async close() {
      await queue.close();
      await Promise.allSettled([...pending]);
    },
  };
}
