/** Generated MP3 bytes for the tests: no encoder runs. */

/**
 * A valid MP3 of silence lasting `seconds` (rounded up to whole frames): MPEG-2.5 layer III at
 * 8 kHz and 8 kbps, 72-byte frames of 72 ms each, so ten minutes fit in ~600 kB and no encoder runs.
 */
export function silentMp3(seconds: number): Buffer {
  const frame = Buffer.alloc(72);
  frame.set([0xff, 0xe3, 0x18, 0xc4]);
  return Buffer.concat(Array.from({ length: Math.ceil(seconds / 0.072) }, () => frame));
}

/**
 * `silentMp3(seconds)` behind an Info frame (as LAME writes one) claiming `frames` frames of
 * `bytes` bytes: a header that lies about the length, in bytes it could hold.
 */
export function lyingInfoMp3(seconds: number, frames: number): Buffer {
  const info = Buffer.alloc(72);
  info.set([0xff, 0xe3, 0x18, 0xc4]);
  // After the header and 9 bytes of (empty) side information: tag, flags (frames, bytes), values.
  info.write('Info', 13, 'latin1');
  info.writeUInt32BE(0x3, 17);
  info.writeUInt32BE(frames, 21);
  info.writeUInt32BE(frames * 72, 25);
  return Buffer.concat([info, silentMp3(seconds)]);
}

/**
 * Valid frame headers (those of `silentMp3`) over random bytes, `seconds` long: the same every
 * run (a fixed-seed generator). A decoder cannot follow their side information.
 */
export function noiseFramesMp3(seconds: number): Buffer {
  const frames = Math.ceil(seconds / 0.072);
  const out = Buffer.alloc(frames * 72);
  let seed = 0x2545f491;
  for (let i = 0; i < out.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out[i] = seed >>> 24;
  }
  for (let at = 0; at < out.length; at += 72) out.set([0xff, 0xe3, 0x18, 0xc4], at);
  return out;
}

/** One 128 kbps MPEG-1 frame (417 bytes) whose Xing header claims 0xFFFFFFFF frames: 3.5 years. */
export function forgedXingMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  frame.write('Xing', 4 + 17, 'latin1');
  frame.writeUInt32BE(0x1, 4 + 17 + 4);
  frame.writeUInt32BE(0xffffffff, 4 + 17 + 8);
  return frame;
}
