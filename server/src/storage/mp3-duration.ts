// Duration of an MPEG audio (MP3) file, read from the frames themselves so that seeded and
// uploaded tracks show their true length. No dependencies: it runs on upload and in the seed.

type MpegVersion = 1 | 2 | 2.5;

interface FrameHeader {
  version: MpegVersion;
  layer: 1 | 2 | 3;
  hasCrc: boolean;
  bitrate: number; // bits per second
  sampleRate: number;
  padding: boolean;
  mono: boolean;
  samples: number; // samples per frame
  length: number; // bytes, header included
}

// kbps by [bitrate index]; index 0 (free format) and 15 are invalid.
const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;

const SAMPLE_RATES: Record<string, readonly number[]> = {
  '1': [44100, 48000, 32000],
  '2': [22050, 24000, 16000],
  '2.5': [11025, 12000, 8000],
};

export class NotMp3Error extends Error {
  constructor(message = 'Not an MPEG audio stream') {
    super(message);
    this.name = 'NotMp3Error';
  }
}

function parseHeader(buf: Buffer, pos: number): FrameHeader | null {
  if (pos + 4 > buf.length) return null;
  const b0 = buf[pos]!;
  const b1 = buf[pos + 1]!;
  const b2 = buf[pos + 2]!;
  const b3 = buf[pos + 3]!;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;

  const versionBits = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  if (versionBits === 0b01 || layerBits === 0b00) return null;
  const version: MpegVersion = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;

  const bitrateIndex = (b2 >> 4) & 0x0f;
  const rateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b3 & 0b11) === 0b10) return null; // reserved emphasis

  const table =
    version === 1
      ? layer === 1
        ? BITRATES.v1l1
        : layer === 2
          ? BITRATES.v1l2
          : BITRATES.v1l3
      : layer === 1
        ? BITRATES.v2l1
        : BITRATES.v2l23;
  const bitrate = table[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[String(version)]![rateIndex]!;
  const padding = ((b2 >> 1) & 1) === 1;
  const mono = ((b3 >> 6) & 0b11) === 0b11;

  let samples: number;
  let length: number;
  if (layer === 1) {
    samples = 384;
    length = (Math.floor((12 * bitrate) / sampleRate) + (padding ? 1 : 0)) * 4;
  } else {
    samples = layer === 3 && version !== 1 ? 576 : 1152;
    const slotsPerSample = samples / 8; // 144 for 1152 samples, 72 for 576
    length = Math.floor((slotsPerSample * bitrate) / sampleRate) + (padding ? 1 : 0);
  }
  if (length < 4) return null;

  return { version, layer, hasCrc: (b1 & 1) === 0, bitrate, sampleRate, padding, mono, samples, length };
}

function sameStream(a: FrameHeader, b: FrameHeader): boolean {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;
}

// Bytes of an ID3v2 tag at the start (header, body and optional footer), or 0.
function id3v2Size(buf: Buffer, pos: number): number {
  if (pos + 10 > buf.length || buf.toString('latin1', pos, pos + 3) !== 'ID3') return 0;
  const flags = buf[pos + 5]!;
  const size = buf.subarray(pos + 6, pos + 10).reduce((acc, byte) => (acc << 7) | (byte & 0x7f), 0);
  return 10 + size + (flags & 0x10 ? 10 : 0);
}

// A sync word counts as the first frame only when the frame after it is valid too (or the stream
// ends right there), so stray 0xFF bytes in leftover tag data are not mistaken for audio.
function findFirstFrame(buf: Buffer, from: number): { pos: number; header: FrameHeader } | null {
  for (let pos = from; pos + 4 <= buf.length; pos++) {
    if (buf[pos] !== 0xff) continue;
    const header = parseHeader(buf, pos);
    if (!header) continue;
    const nextPos = pos + header.length;
    if (nextPos === buf.length) return { pos, header };
    const next = parseHeader(buf, nextPos);
    if (next && sameStream(header, next)) return { pos, header };
  }
  return null;
}

// Frame count from a Xing/Info (LAME) or VBRI header in the first frame, if present.
function vbrFrameCount(buf: Buffer, pos: number, header: FrameHeader): number | null {
  const sideInfo = header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const xing = pos + 4 + (header.hasCrc ? 2 : 0) + sideInfo;
  if (xing + 12 <= buf.length) {
    const tag = buf.toString('latin1', xing, xing + 4);
    if (tag === 'Xing' || tag === 'Info') {
      const flags = buf.readUInt32BE(xing + 4);
      if (flags & 0x1) return buf.readUInt32BE(xing + 8);
    }
  }
  const vbri = pos + 4 + 32;
  if (vbri + 18 <= buf.length && buf.toString('latin1', vbri, vbri + 4) === 'VBRI') {
    return buf.readUInt32BE(vbri + 14);
  }
  return null;
}

/** The shortest frame the stream's version, layer and sample rate allow (its lowest bit rate). */
function shortestFrameLength(header: FrameHeader): number {
  const table =
    header.version === 1
      ? header.layer === 1
        ? BITRATES.v1l1
        : header.layer === 2
          ? BITRATES.v1l2
          : BITRATES.v1l3
      : header.layer === 1
        ? BITRATES.v2l1
        : BITRATES.v2l23;
  const bitrate = table[1]! * 1000;
  return header.layer === 1
    ? Math.floor((12 * bitrate) / header.sampleRate) * 4
    : Math.floor(((header.samples / 8) * bitrate) / header.sampleRate);
}

function audioStart(buf: Buffer): number {
  let start = 0;
  // Some files carry more than one ID3v2 tag back to back.
  for (let size = id3v2Size(buf, start); size > 0; size = id3v2Size(buf, start)) start += size;
  return start;
}

/** Frames counted one by one from the first, up to the end of the stream (tags and damage skipped). */
function walkFrames(buf: Buffer, first: { pos: number; header: FrameHeader }): number {
  const { header } = first;
  let frames = 0;
  let pos = first.pos;
  while (pos + 4 <= buf.length) {
    const h = parseHeader(buf, pos);
    if (h && sameStream(h, header) && pos + h.length <= buf.length) {
      frames++;
      pos += h.length;
      continue;
    }
    // Trailing ID3v1 / APE tags or damaged bytes: look for the next real frame.
    const next = findFirstFrame(buf, pos + 1);
    if (!next || !sameStream(next.header, header)) break;
    pos = next.pos;
  }
  return frames;
}

/**
 * Duration in seconds of an MP3 buffer. Skips a leading ID3v2 tag; uses the frame count of a
 * Xing/Info or VBRI header when there is one, otherwise walks and counts every frame (exact for
 * CBR and for VBR without a header). Throws NotMp3Error when no MPEG audio frames are found, and
 * when the header claims more frames than the bytes after it could hold even at the format's
 * lowest bit rate: such a count is forged (a few hundred bytes claiming years of audio), and
 * every length the API derives from it (schedules, previews) would be a lie.
 */
export function mp3Duration(buf: Buffer): number {
  const first = findFirstFrame(buf, audioStart(buf));
  if (!first) throw new NotMp3Error();
  const { header } = first;

  const counted = vbrFrameCount(buf, first.pos, header);
  if (counted !== null && counted > 0) {
    const bytesAfterHeader = buf.length - (first.pos + header.length);
    if (counted * shortestFrameLength(header) > bytesAfterHeader)
      throw new NotMp3Error('Frame count beyond the file size');
    return (counted * header.samples) / header.sampleRate;
  }

  const frames = walkFrames(buf, first);
  if (frames === 0) throw new NotMp3Error();
  return (frames * header.samples) / header.sampleRate;
}

/**
 * Duration in seconds from the frames the file really holds, whatever a Xing/VBRI header claims:
 * for re-measuring stored files, whose header may be forged but whose audio still plays.
 */
export function mp3WalkedDuration(buf: Buffer): number {
  const first = findFirstFrame(buf, audioStart(buf));
  if (!first) throw new NotMp3Error();
  const frames = walkFrames(buf, first);
  if (frames === 0) throw new NotMp3Error();
  return (frames * first.header.samples) / first.header.sampleRate;
}

/**
 * Whether the MP3 ends inside a frame: its last frame header announces more bytes than the file
 * holds (a cut download or upload). Encoders end on a frame boundary, before any trailing tag.
 */
export function endsMidFrame(buf: Buffer): boolean {
  const start = audioStart(buf);
  if (start > buf.length) return true; // cut inside the ID3 tag
  const first = findFirstFrame(buf, start);
  if (!first) return false;
  let pos = first.pos;
  for (let h = parseHeader(buf, pos); h && sameStream(h, first.header); h = parseHeader(buf, pos)) {
    if (pos + h.length > buf.length) return true;
    pos += h.length;
  }
  return false;
}

/** Whether the file's first frame is single-channel (a decoder hands mono out as two equal channels). */
export function mp3IsMono(buf: Buffer): boolean {
  const first = findFirstFrame(buf, audioStart(buf));
  if (!first) throw new NotMp3Error();
  return first.header.mono;
}
