import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Mp3Encoder } from '@breezystack/lamejs';
import { NotMp3Error, mp3Duration, mp3WalkedDuration } from '../../server/src/storage/mp3-duration';

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
  const frame = Buffer.concat([
    Buffer.from('TIT2'),
    Buffer.from([0, 0, (body.length >> 7) & 0x7f, body.length & 0x7f, 0, 0]),
    body,
  ]);
  const size = frame.length;
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([header, frame]);
}

/** An empty mono frame with the header bytes of `first` holding a Xing header that claims `frames`. */
function xingFrame(first: Buffer, frames: number): Buffer {
  const bitrate = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][first[2]! >> 4]! * 1000;
  const frame = Buffer.alloc(Math.floor((144 * bitrate) / SR) + ((first[2]! >> 1) & 1));
  first.copy(frame, 0, 0, 4);
  const sideInfo = first[3]! >> 6 === 3 ? 17 : 32;
  frame.write('Xing', 4 + sideInfo, 'latin1');
  frame.writeUInt32BE(0x1, 4 + sideInfo + 4);
  frame.writeUInt32BE(frames, 4 + sideInfo + 8);
  return frame;
}

// Encoder delay and final-frame padding add up to about two frames (2 × 26 ms at 44.1 kHz).
const TOLERANCE = 0.08;

describe('mp3Duration', () => {
  it('measures CBR files of known length at several bit rates', () => {
    for (const [seconds, kbps] of [
      [3, 64],
      [7.5, 128],
      [1.2, 96],
    ] as const) {
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
    // 50 frames: more than the ~40 the second holds, fewer than its bytes could at 32 kbps
    const d = mp3Duration(Buffer.concat([xingFrame(audio.subarray(0, 4), 50), audio]));
    assert.ok(Math.abs(d - (50 * 1152) / SR) < 1e-9, `measured ${d}`);
  });

  it('refuses a Xing or VBRI frame count that the bytes after it cannot hold', () => {
    // One 128 kbps MPEG-1 frame (417 bytes) whose Xing header claims 0xFFFFFFFF frames: 3.5 years.
    const header = Buffer.from([0xff, 0xfb, 0x90, 0xc4]);
    const forged = xingFrame(header, 0xffffffff);
    assert.equal(forged.length, 417);
    assert.throws(() => mp3Duration(forged), NotMp3Error);
    // The same lie in front of real audio: a second of 64 kbps cannot hold 1000 frames either.
    const audio = encodeTone(1, 64);
    assert.throws(() => mp3Duration(Buffer.concat([xingFrame(audio.subarray(0, 4), 1000), audio])), NotMp3Error);
    const vbri = Buffer.alloc(417);
    header.copy(vbri, 0);
    vbri.write('VBRI', 4 + 32, 'latin1');
    vbri.writeUInt32BE(0xffffffff, 4 + 32 + 14);
    assert.throws(() => mp3Duration(Buffer.concat([vbri, audio])), NotMp3Error);
  });

  it('the walked duration counts the frames really there, whatever the header claims', () => {
    const audio = encodeTone(2, 64);
    const forged = Buffer.concat([xingFrame(audio.subarray(0, 4), 0xffffffff), audio]);
    const d = mp3WalkedDuration(forged);
    assert.ok(Math.abs(d - mp3Duration(audio)) < TOLERANCE, `measured ${d}`);
  });

  it('agrees with the manifest for the committed demo tracks', () => {
    const root = join(import.meta.dirname, '../../server/assets');
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
      tracks: Array<{ file: string; duration: number }>;
    };
    assert.ok(manifest.tracks.length >= 20);
    for (const t of manifest.tracks.slice(0, 3)) {
      const d = mp3Duration(readFileSync(join(root, t.file)));
      assert.ok(d >= 45 && d <= 150, `${t.file}: ${d}`);
      assert.ok(Math.abs(d - t.duration) < 0.01);
    }
  });

  it('rejects input that is not MPEG audio', () => {
    const wav = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WAVEfmt '),
      Buffer.alloc(2000, 0x11),
    ]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const bad of [
      Buffer.alloc(0),
      Buffer.from('hello, this is not audio'),
      wav,
      png,
      id3Tag('only a tag'),
      Buffer.alloc(5000, 0xff),
    ]) {
      assert.throws(() => mp3Duration(bad), NotMp3Error);
    }
  });
});
