// Duration of an MPEG audio (MP3) file, read from the frames themselves. `mp3Duration` measures
// the committed (trusted) catalogue in the seed; `walkMp3` walks every frame of an untrusted file
// as the cross-check of music-metadata's reading (storage/mp3-length.ts). No dependencies.

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

/** What walking a stream's frames one by one finds (see `walkMp3`). */
export interface Mp3Walk {
  /** Frames walked, from the first to the end of the stream (tags and damage skipped). */
  frames: number;
  /**
   * Of them, the Layer III frames whose side information a decoder can follow: its main data
   * starts inside the bit reservoir the frames before left unused, and ends inside this frame,
   * and its fields are in range. Random bytes behind valid frame headers fail this nearly always.
   */
  decodable: number;
  /** Seconds the walked frames play. */
  seconds: number;
  /** MPEG layer of the first frame. */
  layer: 1 | 2 | 3;
  /** The frame count a Xing/Info or VBRI header in the first frame claims, if any. */
  claimedFrames: number | null;
  /** Seconds the claimed frame count would play. */
  claimedSeconds: number | null;
}

/** Reads big-endian bit fields from a buffer. */
class Bits {
  private bit: number;
  constructor(
    private readonly buf: Buffer,
    at: number,
  ) {
    this.bit = at * 8;
  }
  read(n: number): number {
    let v = 0;
    for (let left = n; left > 0;) {
      const off = this.bit & 7;
      const take = Math.min(8 - off, left);
      v = (v << take) | ((this.buf[this.bit >> 3]! >> (8 - off - take)) & ((1 << take) - 1));
      this.bit += take;
      left -= take;
    }
    return v;
  }
}

/**
 * A Layer III frame's side information: where its main data begins (bytes back into the reservoir),
 * how many bits it uses, and whether its fields are in range (ISO 11172-3 §2.4.1.7, 13818-3).
 */
function sideInfo(buf: Buffer, pos: number, h: FrameHeader): { back: number; bits: number; valid: boolean } {
  const mpeg1 = h.version === 1;
  const channels = h.mono ? 1 : 2;
  const r = new Bits(buf, pos + 4 + (h.hasCrc ? 2 : 0));
  const back = r.read(mpeg1 ? 9 : 8);
  r.read(mpeg1 ? (h.mono ? 5 : 3) : h.mono ? 1 : 2); // private bits
  if (mpeg1) r.read(4 * channels); // scfsi
  let bits = 0;
  let valid = true;
  for (let gr = 0; gr < (mpeg1 ? 2 : 1); gr++) {
    for (let ch = 0; ch < channels; ch++) {
      bits += r.read(12); // part2_3_length
      if (r.read(9) > 288) valid = false; // big_values: 576 lines, two a value
      r.read(8); // global_gain
      r.read(mpeg1 ? 4 : 9); // scalefac_compress
      if (r.read(1)) {
        if (r.read(2) === 0) valid = false; // window switching with a normal block is forbidden
        r.read(1 + 10 + 9); // mixed_block_flag, table_select ×2, subblock_gain ×3
      } else {
        r.read(15 + 4 + 3); // table_select ×3, region0_count, region1_count
      }
      r.read(mpeg1 ? 3 : 2); // (preflag,) scalefac_scale, count1table_select
    }
  }
  return { back, bits, valid };
}

/** Bytes of a Layer III frame's side information. */
const sideInfoLength = (h: FrameHeader) => (h.version === 1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17);

/**
 * Walks every frame of an MP3 buffer, as the cross-check of a parser's answer: how many frames
 * there really are and how long they play, how many a decoder could decode (Layer III), and what a
 * Xing/VBRI header claims. Throws NotMp3Error when no MPEG audio frames are found.
 */
export function walkMp3(buf: Buffer): Mp3Walk {
  const first = findFirstFrame(buf, audioStart(buf));
  if (!first) throw new NotMp3Error();
  const { header } = first;
  let frames = 0;
  let decodable = 0;
  // The main data of Layer III frames as one stream of bytes: where the next frame's region
  // starts, and (in bits) where the last decoded frame's data ended.
  let region = 0;
  let usedTo = 0;
  let pos = first.pos;
  while (pos + 4 <= buf.length) {
    const h = parseHeader(buf, pos);
    if (h && sameStream(h, header) && pos + h.length <= buf.length) {
      frames++;
      if (h.layer === 3) {
        const size = h.length - 4 - (h.hasCrc ? 2 : 0) - sideInfoLength(h);
        if (size >= 0) {
          const side = sideInfo(buf, pos, h);
          const start = (region - side.back) * 8;
          const end = start + side.bits;
          if (side.valid && start >= 0 && start >= usedTo && end <= (region + size) * 8) {
            decodable++;
            usedTo = end;
          }
          region += size;
        }
      }
      pos += h.length;
      continue;
    }
    const next = findFirstFrame(buf, pos + 1);
    if (!next || !sameStream(next.header, header)) break;
    pos = next.pos;
  }
  if (frames === 0) throw new NotMp3Error();
  const claimedFrames = vbrFrameCount(buf, first.pos, header);
  const secondsOf = (n: number) => (n * header.samples) / header.sampleRate;
  return {
    frames,
    decodable,
    seconds: secondsOf(frames),
    layer: header.layer,
    claimedFrames,
    claimedSeconds: claimedFrames === null ? null : secondsOf(claimedFrames),
  };
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
