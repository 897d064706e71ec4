/**
 * The length of an untrusted MP3 (storage/mp3-length.ts): music-metadata's reading cross-checked
 * by walking every frame. A header that claims another length than the frames play, or frames a
 * decoder cannot follow, make a broken file; a stored one keeps the length of its frames.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Mp3Encoder } from '@breezystack/lamejs';
import { parseBuffer } from 'music-metadata';
import { NotMp3Error, walkMp3 } from '../../server/src/storage/mp3-duration';
import { mp3Length, storedMp3Length } from '../../server/src/storage/mp3-length';
import { lyingInfoMp3, noiseFramesMp3, silentMp3 } from './mp3-bytes';

/** `seconds` of a freshly encoded CBR MP3: a tone, or loud noise (which leans on the bit reservoir). */
function encode(channels: 1 | 2, sampleRate: number, kbps: number, seconds: number, noise = false): Buffer {
  const n = Math.round(seconds * sampleRate);
  let seed = 7;
  const sample = (i: number, f: number) => {
    if (!noise) return Math.round(8000 * Math.sin((2 * Math.PI * f * i) / sampleRate));
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) - 32768;
  };
  const left = Int16Array.from({ length: n }, (_, i) => sample(i, 440));
  const right = Int16Array.from({ length: n }, (_, i) => sample(i, 660));
  const enc = new Mp3Encoder(channels, sampleRate, kbps);
  const parts = [channels === 1 ? enc.encodeBuffer(left) : enc.encodeBuffer(left, right), enc.flush()];
  return Buffer.concat(parts.map((d) => Buffer.from(d.buffer, d.byteOffset, d.length)));
}

/** A VBRI header (Fraunhofer's) in a frame like `silentMp3`'s, claiming `frames`. */
function vbriFrame(frames: number): Buffer {
  const frame = Buffer.alloc(72);
  frame.set([0xff, 0xe3, 0x18, 0xc4]);
  frame.write('VBRI', 36, 'latin1');
  frame.writeUInt32BE(frames, 36 + 14);
  return frame;
}

/** Equal up to float rounding. */
const near = (actual: number | null, expected: number, what = '') =>
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-6, `${what} ${actual} against ${expected}`);

const rejects = (buf: Buffer, reason: RegExp) =>
  assert.rejects(mp3Length(buf), (err: unknown) => err instanceof NotMp3Error && reason.test(err.message));

describe('mp3Length', () => {
  it('agrees with the frames for encoded files, mono and stereo, MPEG-1, 2 and 2.5, tone and noise', async () => {
    for (const [channels, rate, kbps, noise] of [
      [1, 44100, 64, false],
      [2, 44100, 320, true],
      [1, 22050, 32, false],
      [2, 16000, 24, true],
      [1, 8000, 8, true],
    ] as const) {
      const mp3 = encode(channels, rate, kbps, 0.6, noise);
      const walk = walkMp3(mp3);
      assert.equal(walk.decodable, walk.frames, `${channels} ch ${rate} Hz ${kbps} kbps`);
      const { seconds } = await mp3Length(mp3);
      assert.ok(seconds >= 0.6 && seconds < 0.8, `${channels} ch ${rate} Hz ${kbps} kbps: ${seconds}`);
    }
  });

  it('agrees for the committed demo audio (encoded by LAME, with Info headers)', async () => {
    const root = join(import.meta.dirname, '../../server/assets');
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
      tracks: Array<{ file: string; duration: number }>;
    };
    for (const t of manifest.tracks.slice(0, 2)) {
      const { seconds, walk } = await mp3Length(readFileSync(join(root, t.file)));
      assert.equal(walk.decodable, walk.frames, t.file);
      assert.ok(Math.abs(seconds - t.duration) < 0.05, `${t.file}: ${seconds} against ${t.duration}`);
    }
  });

  it('a header claiming fewer frames than there are is a broken file, though the bytes could hold its claim', async () => {
    // 21.8 minutes of frames behind an Info header claiming 1,000 (72 s): music-metadata believes it.
    const lying = lyingInfoMp3(21.8 * 60, 1000);
    const { format } = await parseBuffer(new Uint8Array(lying), { mimeType: 'audio/mpeg', size: lying.length });
    assert.equal(format.duration, 72);
    await rejects(lying, /Claims 72\.000 s, the frames play 1308\.\d+ s/);
    // Claiming more, and a frame count without a byte count (music-metadata skips that one), and VBRI.
    await rejects(lyingInfoMp3(60, 1000), /Claims 72\.000 s/);
    const framesOnly = lyingInfoMp3(120, 1000);
    framesOnly.writeUInt32BE(0x1, 17);
    await rejects(framesOnly, /Claims 72\.000 s/);
    await rejects(Buffer.concat([vbriFrame(100), silentMp3(30)]), /Claims 7\.200 s/);
  });

  it('a claim within 5 % of the frames stands; the length is the larger of the two', async () => {
    // 1,000 frames there (the Info frame counts too), 999 claimed: the frames' length.
    const file = (claimed: number) => lyingInfoMp3(999 * 0.072 - 0.001, claimed);
    assert.equal(walkMp3(file(999)).frames, 1000);
    near((await mp3Length(file(999))).seconds, 1000 * 0.072);
    // 1,045 claimed over 1,000 there: 4.5 % more, the claim; 5.5 % is a lie.
    near((await mp3Length(file(1045))).seconds, 1045 * 0.072);
    await rejects(file(1055), /Claims/);
  });

  it('valid frame headers over random bytes hold no audio: a broken file', async () => {
    const noise = noiseFramesMp3(480);
    const walk = walkMp3(noise);
    near(walk.seconds, 6667 * 0.072);
    assert.ok(walk.decodable < walk.frames / 2, `${walk.decodable} of ${walk.frames}`);
    await rejects(noise, /frames hold no decodable audio/);
    // A few damaged frames in a long file are what players skip: still audio.
    const silent = silentMp3(60);
    const damaged = Buffer.concat([silent.subarray(0, 72 * 400), noise.subarray(0, 72 * 3), silent.subarray(72 * 400)]);
    near((await mp3Length(damaged)).seconds, walkMp3(damaged).seconds);
    assert.equal(walkMp3(damaged).frames - walkMp3(damaged).decodable, 3);
  });

  it('only MPEG Layer III is an MP3', async () => {
    // MPEG-1 Layer II frames (128 kbps, 44.1 kHz: 417 bytes).
    const frame = Buffer.alloc(417);
    frame.set([0xff, 0xfd, 0x90, 0xc4]);
    await rejects(Buffer.concat(Array.from({ length: 40 }, () => frame)), /Layer III/);
    await rejects(Buffer.from('not audio at all, not even close'), /Unreadable|Not MPEG|MPEG audio/);
  });

  it('a stored file that fails keeps the length of the frames really there', async () => {
    near(await storedMp3Length(lyingInfoMp3(21.8 * 60, 1000)), 18168 * 0.072);
    near(await storedMp3Length(noiseFramesMp3(480)), 6667 * 0.072);
    near(await storedMp3Length(silentMp3(10)), 139 * 0.072);
    assert.equal(await storedMp3Length(Buffer.from('no frames')), null);
  });
});
