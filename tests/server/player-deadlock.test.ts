import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import { trackSchema } from '../../contracts/tracks';
import { players } from '../../server/src/db/schema';
import { createTestApp, loggedIn, parsePlayer, type Client, type TestApp } from './helpers';

/**
 * PGlite has one connection: while a player mutation's transaction holds it, a query the mutation
 * makes on the database instead of its transaction waits for the transaction, which waits for the
 * query, for ever (server/src/player/service.ts). PostgreSQL's pool hides such a query, so this file
 * runs in the PGlite run too (npm run test:server:pglite). Every mutation goes through the path that
 * reads inside its transaction (the owner check of another live device, the move target's login,
 * the playable's tracks), concurrently with reads, and each request must answer before a deadline
 * generous enough that only a hang misses it.
 */

const DEADLINE_MS = 30_000;

let t: TestApp;
let a: Client;
let b: Client;
let playerId: number;
let sessionA: string;
let sessionB: string;
let tracks: number[];

/** `request` answered, or a failure naming it once the deadline has passed (a hang would otherwise never end the test). */
async function answered<T>(label: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${label}: no answer in ${DEADLINE_MS / 1000} s; a query outside the mutation's transaction waits for PGlite's one connection`,
          ),
        ),
      DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([request, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

let hung = false;

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  sessionA = (JSON.parse((await a.get('/api/me')).body) as { session_id: string }).session_id;
  sessionB = (JSON.parse((await b.get('/api/me')).body) as { session_id: string }).session_id;
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  tracks = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
    .map((tr) => tr.id);
  assert.ok(tracks.length >= 3, 'the demo channel has tracks to jump between');
});

after(async () => {
  // After a hang the connection never comes free, and closing would wait on it as well.
  if (!hung) await t.close();
});

test(
  'player mutations that read inside their transaction answer, one by one and all at once',
  { timeout: 6 * DEADLINE_MS },
  async () => {
    const base = `/api/players/${playerId}`;
    const step = async (label: string, send: () => Promise<{ statusCode: number; body: string }>) => {
      try {
        const res = await answered(label, send());
        return label.startsWith('read') ? z.array(playerSchema).parse(JSON.parse(res.body)) : parsePlayer(res);
      } catch (err) {
        if (err instanceof Error && err.message.includes('no answer')) hung = true;
        throw err;
      }
    };

    // Device B plays: every later play by A asks, inside A's transaction, whether B is still live.
    await step('B plays the channel', () => b.post(`${base}/playable/channel/1`));
    assert.equal((await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!.sessionId, sessionB);

    const one: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
      ['A sets the channel while B holds output', () => a.post(`${base}/playable/channel/1`)],
      ['A pauses', () => a.get(`${base}/toggle-play`)],
      ['B plays again', () => b.get(`${base}/toggle-play`)],
      ['A jumps to a track while B holds output', () => a.get(`${base}/next/tracks/${tracks[2]}`)],
      ['A moves output to B', () => a.post(`${base}/sessions/${sessionB}`, { currentTime: 3 })],
      ['B moves output to A', () => b.post(`${base}/sessions/${sessionA}`, { currentTime: 4 })],
      ['next', () => a.get(`${base}/next`)],
      ['load-track', () => a.get(`${base}/load-track`)],
      ['seek and volume', () => a.post(`${base}/update-volume`, { volume: 60, currentTime: 5 })],
      ['random', () => a.post(`${base}/random`)],
      ['repeat', () => a.post(`${base}/repeat`)],
    ];
    for (const [label, send] of one) await step(label, send);

    // The same mutations from both devices at once, with reads between them: PGlite queues each
    // transaction behind the one holding the connection, so every request must still answer.
    const all = [...one, ...one].flatMap(([label, send], i) => [
      step(`${label} (concurrent #${i})`, send),
      step(`read (concurrent #${i})`, () => (i % 2 ? a : b).get('/api/players')),
    ]);
    const results = await Promise.allSettled(all);
    const failed = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => String(r.reason));
    assert.deepEqual(failed, []);
  },
);
