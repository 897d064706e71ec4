/**
 * The one-time re-measures of stored spots and sounds (seed steps in `remeasure-audio`): a length
 * once taken from a forged or lying header, or any length the bytes do not hold, becomes the one
 * the frames play; a file over today's cap keeps its real length and still plays.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { spotListSchema } from '../../contracts/spots';
import { soundListSchema } from '../../contracts/sounds';
import { isOverLong, SOUND_SECONDS_MAX, SPOT_SECONDS_MAX } from '../../contracts/uploads';
import { customers, seedSteps, sounds, spots } from '../../server/src/db/schema';
import { runSeed } from '../../server/src/seed';
import { remeasureAudioStep, remeasureWalkedAudioStep } from '../../server/src/seed/steps/remeasure-audio';
import {
  createTestApp,
  forgedXingMp3,
  localUrl,
  loggedIn,
  lyingInfoMp3,
  noiseFramesMp3,
  silentMp3,
  type Client,
  type TestApp,
} from './helpers';

let t: TestApp;
let a: Client;

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
});
after(async () => {
  await t.close();
});

test('stored lengths are measured again from the files, once; over-long ones stay, with their real length, and play', async () => {
  const { db } = t.database;
  const storage = t.app.ctx.storage;
  const [demo] = await db.select().from(customers).where(eq(customers.slug, 'demo'));
  const customerId = demo!.id;
  await storage.put(`spots/${customerId}/hamis.mp3`, forgedXingMp3());
  await storage.put(`spots/${customerId}/hosszu.mp3`, silentMp3(SPOT_SECONDS_MAX + 60));
  await storage.put(`sounds/${customerId}/hosszu.mp3`, silentMp3(SOUND_SECONDS_MAX + 30));
  // What the old upload stored: the forged header's 3.5 years, and lengths the bytes do not hold.
  const [forged] = await db
    .insert(spots)
    .values({
      customerId,
      name: 'Hamis fejléc',
      fileName: 'hamis.mp3',
      filePath: `spots/${customerId}/hamis.mp3`,
      duration: (0xffffffff * 1152) / 44100,
    })
    .returning();
  const [long] = await db
    .insert(spots)
    .values({
      customerId,
      name: 'Hosszú szpot',
      fileName: 'hosszu.mp3',
      filePath: `spots/${customerId}/hosszu.mp3`,
      duration: 5,
    })
    .returning();
  const [longSound] = await db
    .insert(sounds)
    .values({ customerId, name: 'Hosszú hang', filePath: `sounds/${customerId}/hosszu.mp3`, duration: 86_400 })
    .returning();
  const seededBefore = await db.select({ id: spots.id, duration: spots.duration }).from(spots);

  // The database as it was before the step shipped: it has not run there yet.
  await db.delete(seedSteps).where(eq(seedSteps.name, remeasureAudioStep.name));
  assert.deepEqual(await runSeed({ db, storage }), [remeasureAudioStep.name]);

  const lengthOf = async (id: number) =>
    (await db.select({ d: spots.duration }).from(spots).where(eq(spots.id, id)))[0]!.d;
  assert.ok((await lengthOf(forged!.id)) < 1, `forged: ${await lengthOf(forged!.id)}`);
  const longSeconds = await lengthOf(long!.id);
  assert.ok(Math.abs(longSeconds - (SPOT_SECONDS_MAX + 60)) < 0.1, `long: ${longSeconds}`);
  const soundSeconds = (await db.select({ d: sounds.duration }).from(sounds).where(eq(sounds.id, longSound!.id)))[0]!.d;
  assert.ok(Math.abs(soundSeconds - (SOUND_SECONDS_MAX + 30)) < 0.1, `sound: ${soundSeconds}`);
  // The seeded demo spots were right already and keep their lengths.
  for (const row of seededBefore.filter((r) => r.id !== forged!.id && r.id !== long!.id)) {
    assert.equal(await lengthOf(row.id), row.duration);
  }

  // Over the cap, still listed with its real length, and its file still plays.
  const listed = spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body)).find((s) => s.id === long!.id)!;
  assert.ok(listed.duration > SPOT_SECONDS_MAX);
  assert.equal((await a.get(localUrl(listed.url))).statusCode, 200);
  const sound = soundListSchema
    .parse(JSON.parse((await a.get('/api/sounds')).body))
    .find((s) => s.id === longSound!.id)!;
  assert.ok(sound.duration > SOUND_SECONDS_MAX);

  // Recorded: the next start does not run it again.
  assert.deepEqual(await runSeed({ db, storage }), []);
});

test('the walked re-measure: a lying header or noise keeps the length its frames play, marked over the cap, and plays', async () => {
  const { db } = t.database;
  const storage = t.app.ctx.storage;
  const [demo] = await db.select().from(customers).where(eq(customers.slug, 'demo'));
  const customerId = demo!.id;
  // What the second round's upload stored: the header's 72 s for 21.8 minutes, 480 s of noise.
  await storage.put(`spots/${customerId}/hazug.mp3`, lyingInfoMp3(21.8 * 60, 1000));
  await storage.put(`sounds/${customerId}/zaj.mp3`, noiseFramesMp3(90));
  await storage.put(`sounds/${customerId}/jo.mp3`, silentMp3(30));
  const [lying] = await db
    .insert(spots)
    .values({
      customerId,
      name: 'Hazug fejléc',
      fileName: 'hazug.mp3',
      filePath: `spots/${customerId}/hazug.mp3`,
      duration: 72,
    })
    .returning();
  const [noise] = await db
    .insert(sounds)
    .values({ customerId, name: 'Zaj', filePath: `sounds/${customerId}/zaj.mp3`, duration: 5 })
    .returning();
  const [good] = await db
    .insert(sounds)
    .values({ customerId, name: 'Jó', filePath: `sounds/${customerId}/jo.mp3`, duration: 30.02 })
    .returning();

  await db.delete(seedSteps).where(eq(seedSteps.name, remeasureWalkedAudioStep.name));
  assert.deepEqual(await runSeed({ db, storage }), [remeasureWalkedAudioStep.name]);

  const spotSeconds = (await db.select({ d: spots.duration }).from(spots).where(eq(spots.id, lying!.id)))[0]!.d;
  assert.ok(Math.abs(spotSeconds - 21.8 * 60) < 0.2, `lying: ${spotSeconds}`);
  const soundSeconds = async (id: number) =>
    (await db.select({ d: sounds.duration }).from(sounds).where(eq(sounds.id, id)))[0]!.d;
  assert.ok(Math.abs((await soundSeconds(noise!.id)) - 90) < 0.1, `noise: ${await soundSeconds(noise!.id)}`);
  // 30 s asked for is 417 frames, 30.024 s: stored as 30.02 (a manifest's rounding), left as is.
  assert.equal(await soundSeconds(good!.id), 30.02);

  // Over the cap ('Túl hosszú' on the page), listed with its real length, and its file still plays.
  const listed = spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body)).find((s) => s.id === lying!.id)!;
  assert.ok(isOverLong(listed.duration, SPOT_SECONDS_MAX));
  assert.equal((await a.get(localUrl(listed.url))).statusCode, 200);
  assert.deepEqual(await runSeed({ db, storage }), []);
});
