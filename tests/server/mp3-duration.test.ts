import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Mp3Encoder } from '@breezystack/lamejs';
import { NotMp3Error, mp3Duration } from '../../server/src/storage/mp3-duration';

const SR = 44100;

/** A freshly encoded mono MP3 of a sine tone of exactly `seconds` seconds. */
function encodeTone(seconds: number, kbps: number, sampleRate = SR): Buffer {
  const n = Math.round(seconds * sampleRate);
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  const enc = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Buffer[] = [];
  const push = (d: Int8Array | Uint8Array): void => void parts.push(Buffer.from(d.buffer, d.byteOffset, d.length));
  push(enc.encodeBuffer(pcm));
  push(enc.flush());
  return Buffer.concat(parts);
}

/** An ID3v2.4 tag with one text frame, as taggers put in front of the audio. */
function id3Tag(text: string): Buffer {
  const body = Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]);
  const frame = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, (body.length >> 7) & 0x7f, body.length & 0x7f, 0, 0]), body]);
  const size = frame.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, frame]);
}

// Encoder delay and final-frame padding add up to about two frames (2 × 26 ms at 44.1 kHz).
const TOLERANCE = 0.08;

describe('mp3Duration', () => {
  it('measures CBR files of known length at several bit rates', () => {
    for (const [seconds, kbps] of [[3, 64], [7.5, 128], [1.2, 96]] as const) {
      const d = mp3Duration(encodeTone(seconds, kbps));
      assert.ok(d >= seconds && d - seconds < TOLERANCE, `${seconds} s at ${kbps} kbps measured ${d}`);
    }
  });

  it('handles MPEG-2 (576 samples per frame)', () => {
    const d = mp3Duration(encodeTone(2, 32, 22050));
    assert.ok(d >= 2 && d - 2 < TOLERANCE * 2, `measured ${d}`);
  });

  it('skips a leading ID3v2 tag and a trailing ID3v1 tag', () => {
    const audio = encodeTone(2, 64);
    const id3v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)]);
    const tagged = Buffer.concat([id3Tag('Napfényes terasz'), audio, id3v1]);
    assert.equal(mp3Duration(tagged), mp3Duration(audio));
  });

  it('uses the frame count of a Xing header instead of the byte length', () => {
    const audio = encodeTone(1, 64);
    const first = audio.subarray(0, 4);
    // an empty MPEG-1 mono frame holding a Xing header that claims 1000 frames
    const frameLength = Math.floor((144 * 64000) / SR) + ((first[2]! >> 1) & 1);
    const xing = Buffer.alloc(frameLength);
    first.copy(xing, 0);
    xing.write('Xing', 4 + 17, 'latin1');
    xing.writeUInt32BE(0x1, 4 + 17 + 4);
    xing.writeUInt32BE(1000, 4 + 17 + 8);
    const d = mp3Duration(Buffer.concat([xing, audio]));
    assert.ok(Math.abs(d - (1000 * 1152) / SR) < 1e-9, `measured ${d}`);
  });

  it('agrees with the manifest for the committed demo tracks', () => {
    const root = join(import.meta.dirname, '../../server/assets');
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { tracks: Array<{ file: string; duration: number }> };
    assert.ok(manifest.tracks.length >= 20);
    for (const t of manifest.tracks.slice(0, 3)) {
      const d = mp3Duration(readFileSync(join(root, t.file)));
      assert.ok(d >= 45 && d <= 150, `${t.file}: ${d}`);
      assert.ok(Math.abs(d - t.duration) < 0.01);
    }
  });

  it('rejects input that is not MPEG audio', () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(2000, 0x11)]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const bad of [Buffer.alloc(0), Buffer.from('hello, this is not audio'), wav, png, id3Tag('only a tag'), Buffer.alloc(5000, 0xff)]) {
      assert.throws(() => mp3Duration(bad), NotMp3Error);
    }
  });
});
