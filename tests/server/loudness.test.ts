import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { and, eq, isNull, like } from 'drizzle-orm';
import { measureMp3 } from '../../server/src/audio/measure';
import { LoudnessMeter } from '../../server/src/audio/loudness';
import { customers, sounds, spots, tracks } from '../../server/src/db/schema';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import { encodeMp3 } from '../../scripts/media/mp3';
import { SAMPLE_RATE } from '../../scripts/media/dsp';
import { createTestApp, loggedIn, multipart, type Client, type TestApp } from './helpers';

/**
 * Loudness (issue 28): the BS.1770 meter against Debian's ffmpeg (`ebur128=peak=true`), an
 * independent reference, on the demo's tracks, spots and sounds and on synthetic sines; then the
 * API's part: an upload measured right after it is stored, the seeded catalogue measured from the
 * manifest, older files measured in the background, the figures sent with every item.
 */

const HAVE_FFMPEG = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const ffmpegSkip = HAVE_FFMPEG
  ? false
  : process.env.CI
    ? false
    : 'needs ffmpeg (Debian package ffmpeg; CI installs it)';

/** ffmpeg's integrated loudness (LUFS) and true peak (dBTP) of a file. */
function reference(file: string): { lufs: number; peak: number } {
  const out = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { encoding: 'utf8' },
  ).stderr;
  const summary = out.slice(out.lastIndexOf('Summary:'));
  const lufs = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const peak = Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { lufs, peak };
}

function sine(seconds: number, hz: number, amplitude: number): Float32Array {
  const pcm = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < pcm.length; i++) pcm[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE);
  return pcm;
}

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulzus-loudness-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the meter against ffmpeg', { skip: ffmpegSkip }, () => {
  test('the demo tracks, spots and sounds: within 0.5 LU and 0.5 dB true peak', async () => {
    const manifest = JSON.parse(await readFile(path.join(DEFAULT_ASSETS_ROOT, 'manifest.json'), 'utf8')) as Record<
      string,
      Array<{ file: string }>
    >;
    const files = [
      ...manifest.tracks!.slice(0, 4),
      ...manifest.spots!.slice(0, 4),
      ...manifest.sounds!.slice(0, 4),
    ].map((e) => path.join(DEFAULT_ASSETS_ROOT, e.file));
    assert.ok(files.length >= 10);
    for (const file of files) {
      const ours = await measureMp3(await readFile(file));
      const ref = reference(file);
      assert.ok(Math.abs(ours.lufs - ref.lufs) <= 0.5, `${path.basename(file)}: ${ours.lufs} LUFS vs ${ref.lufs}`);
      assert.ok(
        Math.abs(ours.peakDbtp - ref.peak) <= 0.5,
        `${path.basename(file)}: ${ours.peakDbtp} dBTP vs ${ref.peak}`,
      );
    }
  });

  test('sines at known levels, mono and stereo, 44.1 and 48 kHz', async () => {
    const cases: Array<{ name: string; data: Buffer }> = [
      // A 1 kHz sine peaking at −20 dBFS in one channel reads −23.0 LUFS (BS.1770's calibration).
      { name: 'sine-1k-m20.mp3', data: encodeMp3(sine(6, 997, 0.1), 128) },
      { name: 'sine-100-m6.mp3', data: encodeMp3(sine(6, 100, 0.5), 128) },
    ];
    // Stereo at 48 kHz from ffmpeg's own generator: both channels count.
    const stereo = path.join(dir, 'sine-stereo-48k.mp3');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=1000:sample_rate=48000:duration=6',
      '-af',
      'volume=-12dB',
      '-ac',
      '2',
      '-b:a',
      '192k',
      '-y',
      stereo,
    ]);
    cases.push({ name: 'sine-stereo-48k.mp3', data: await readFile(stereo) });
    for (const c of cases) {
      const file = path.join(dir, c.name);
      await writeFile(file, c.data);
      const ours = await measureMp3(c.data);
      const ref = reference(file);
      assert.ok(Math.abs(ours.lufs - ref.lufs) <= 0.5, `${c.name}: ${ours.lufs} vs ${ref.lufs}`);
      assert.ok(Math.abs(ours.peakDbtp - ref.peak) <= 0.5, `${c.name}: ${ours.peakDbtp} vs ${ref.peak}`);
    }
  });
});

describe('the meter on its own', () => {
  test("BS.1770's calibration: a 997 Hz sine peaking at −20 dBFS in one channel reads −23.0 LUFS, in two −20.0", () => {
    const pcm = sine(6, 997, 0.1);
    const mono = new LoudnessMeter(SAMPLE_RATE, 1);
    mono.push([pcm]);
    assert.ok(Math.abs(mono.result().lufs - -23.01) < 0.1, `${mono.result().lufs}`);
    const stereo = new LoudnessMeter(SAMPLE_RATE, 2);
    stereo.push([pcm, pcm]);
    assert.ok(Math.abs(stereo.result().lufs - -20.0) < 0.1, `${stereo.result().lufs}`);
    assert.ok(Math.abs(mono.result().peakDbtp - -20) < 0.1, `${mono.result().peakDbtp}`);
  });

  test('a file under 0.4 s gets its RMS level; silence is below the gate', () => {
    const short = new LoudnessMeter(48_000, 1);
    const tone = new Float32Array(0.3 * 48_000);
    for (let i = 0; i < tone.length; i++) tone[i] = 0.1 * Math.sin((2 * Math.PI * 997 * i) / 48_000);
    short.push([tone]);
    const r = short.result();
    assert.ok(Math.abs(r.lufs - -23.01) < 0.3, `${r.lufs}`);
    const silent = new LoudnessMeter(48_000, 2);
    silent.push([new Float32Array(96_000), new Float32Array(96_000)]);
    assert.equal(silent.result().lufs, -Infinity);
  });

  test('a full-scale square wave between samples overshoots: the true peak is above the sample peak', () => {
    // A sine at a quarter of the rate, sampled at ±45°: every sample is 0.707, the wave peaks at 1.
    const meter = new LoudnessMeter(48_000, 1);
    const x = new Float32Array(48_000);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin((Math.PI / 2) * i + Math.PI / 4);
    meter.push([x]);
    const { peakDbtp } = meter.result();
    assert.ok(peakDbtp > -1 && peakDbtp < 0.6, `${peakDbtp} dBTP (the samples alone say −3 dB)`);
  });
});

describe('the API measures what it stores', () => {
  let t: TestApp;
  let a: Client;
  before(async () => {
    t = await createTestApp();
    a = await loggedIn(t.app);
  });
  after(async () => {
    await t?.close();
  });

  test('the seeded catalogue comes measured from the manifest; nothing is left to measure at start', async () => {
    const { db } = t.database;
    for (const table of [tracks, spots, sounds]) {
      const missing = await db
        .select({ id: table.id })
        .from(table)
        .where(and(isNull(table.loudnessLufs), like(table.filePath, 'assets/%')));
      assert.deepEqual(missing, [], 'every seeded file has its figures');
    }
    const channel = (await a.get('/api/channels')).json() as Array<{ id: number }>;
    const list = (await a.get(`/api/channels/${channel[0]!.id}/tracks`)).json() as Array<{
      loudness_lufs: number | null;
      peak_dbtp: number | null;
    }>;
    assert.ok(list.length > 0);
    for (const track of list) {
      assert.equal(typeof track.loudness_lufs, 'number');
      assert.equal(typeof track.peak_dbtp, 'number');
    }
  });

  test('an upload is answered at once and measured right after; a loud spot reads loud', async () => {
    // −6 dBFS peaks: about −9 LUFS.
    const loud = encodeMp3(sine(4, 997, 0.5), 128);
    const upload = multipart({ name: 'Hangos szpot' }, [{ filename: 'hangos.mp3', data: loud }]);
    const res = await a.post('/api/spots', upload.body, { headers: upload.headers });
    assert.equal(res.statusCode, 201, res.body);
    const id = (res.json() as { id: number }).id;
    await t.app.ctx.loudness.idle();
    const spot = (
      (await a.get('/api/spots')).json() as Array<{ id: number; loudness_lufs: number; peak_dbtp: number }>
    ).find((s) => s.id === id)!;
    assert.ok(Math.abs(spot.loudness_lufs - -9.0) < 0.5, `${spot.loudness_lufs}`);
    assert.ok(spot.peak_dbtp > -6.5 && spot.peak_dbtp < -5, `${spot.peak_dbtp}`);
  });

  test('a file stored before measuring existed is measured in the background; one that is not audio stays unmeasured', async () => {
    const { db } = t.database;
    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.slug, 'demo'));
    const [sound] = await db.select({ id: sounds.id }).from(sounds).where(eq(sounds.customerId, demo!.id)).limit(1);
    await db.update(sounds).set({ loudnessLufs: null, peakDbtp: null }).where(eq(sounds.id, sound!.id));
    const [broken] = await db
      .insert(sounds)
      .values({ customerId: demo!.id, name: 'Sérült', filePath: 'customers/0/nincs-ilyen.mp3', duration: 1 })
      .returning({ id: sounds.id });
    assert.ok((await t.app.ctx.loudness.backfill()) >= 2);
    const rows = await db.select().from(sounds);
    assert.equal(typeof rows.find((r) => r.id === sound!.id)!.loudnessLufs, 'number');
    assert.equal(rows.find((r) => r.id === broken!.id)!.loudnessLufs, null);
    // Not tried again in this process.
    assert.equal(await t.app.ctx.loudness.backfill(), 0);
    await db.delete(sounds).where(eq(sounds.id, broken!.id));
  });
});
