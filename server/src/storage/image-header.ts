import { crc32 } from 'node:zlib';
import { imageSize } from 'image-size';

/*
 * The header of an uploaded image, read from its structure rather than its first bytes: a PNG or
 * JPEG signature followed by anything else, or a header whose dimensions would make the in-store
 * screen decode gigabytes, must not pass as a slide or a logo. Read first by a maintained parser
 * (image-size): the format and the dimensions it finds. Our own walk of the structure is the check
 * on top of it, as music-metadata's reading of an MP3 has the frame walk (mp3-length.ts): every PNG
 * chunk up to the first IDAT with its CRC, every JPEG marker segment and every SOF, the scans
 * skipped. Both must read the file, as the same format; the dimensions are the larger of the two
 * readings (image-size reads a JPEG's first frame, a decoder may draw any). The pixel data itself is
 * left to the browser.
 */

export type ImageType = 'png' | 'jpg';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG's own limit on chunk lengths and dimensions (2^31 − 1). */
const PNG_MAX = 0x7fffffff;
/** Bit depths allowed for each colour type (PNG spec, table 11.1). */
const PNG_DEPTHS = new Map<number, readonly number[]>([
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]);

/** Whether the bytes start as a PNG or a JPEG (what the upload claims to be, before it is read). */
export function sniffImageType(head: Buffer): ImageType | undefined {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return undefined;
}

/**
 * PNG: the signature, IHDR first with length 13 and sane fields, then every chunk with a
 * well-formed type, a length inside the file and a matching CRC, up to and including the first
 * IDAT (which must come). Null when any of it is broken.
 */
function readPng(buf: Buffer): ImageHeader | null {
  let pos = PNG_SIGNATURE.length;
  let header: ImageHeader | null = null;
  for (let index = 0; ; index++) {
    if (pos + 12 > buf.length) return null;
    const length = buf.readUInt32BE(pos);
    if (length > PNG_MAX || pos + 12 + length > buf.length) return null;
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    const data = buf.subarray(pos + 8, pos + 8 + length);
    if (crc32(buf.subarray(pos + 4, pos + 8 + length)) !== buf.readUInt32BE(pos + 8 + length)) return null;
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) return null;
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const [depth, colour, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (width < 1 || height < 1 || width > PNG_MAX || height > PNG_MAX) return null;
      if (!PNG_DEPTHS.get(colour)?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      header = { type: 'png', width, height };
    } else if (type === 'IHDR' || type === 'IEND') {
      return null;
    } else if (type === 'IDAT') {
      return header;
    }
    pos += 12 + length;
  }
}

/** SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, without a length: TEM and RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: SOI, then marker segments (each inside the file) up to the first SOF, and on through
 * every scan to the EOI (or the end of the bytes), so that every SOF is read: a decoder may draw
 * any frame, so a small first one cannot vouch for a huge later one. Answers the largest height
 * and width of them all. A scan, an EOI or a second SOI before the first SOF, a broken SOF
 * anywhere, or bytes that are not a marker where one must come, are a broken file.
 */
function readJpeg(buf: Buffer): ImageHeader | null {
  let pos = 2;
  let found: ImageHeader | null = null;
  let widest = 0;
  let tallest = 0;
  for (;;) {
    // Past the first frame, cut bytes end the walk: a decoder cannot read a frame from them either.
    if (pos >= buf.length) return found;
    if (buf[pos] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (pos < buf.length && buf[pos] === 0xff) pos++;
    if (pos >= buf.length) return found;
    const marker = buf[pos]!;
    pos++;
    if (marker === 0xd9) return found;
    if (marker === 0x00 || marker === 0xd8 || (marker === 0xda && !found)) return null;
    if (isStandalone(marker)) continue;
    if (pos + 2 > buf.length) return found;
    const length = buf.readUInt16BE(pos);
    if (length < 2) return null;
    if (pos + length > buf.length) return found;
    if (isSof(marker)) {
      // Length, precision, height, width, component count, then three bytes a component.
      if (length < 8) return null;
      const height = buf.readUInt16BE(pos + 3);
      const width = buf.readUInt16BE(pos + 5);
      const components = buf[pos + 7]!;
      // A zero height (to come in a DNL segment later) is legal JPEG that browsers do not show.
      if (width < 1 || height < 1 || components < 1 || length !== 8 + 3 * components) return null;
      found = { type: 'jpg', width: Math.max(width, widest), height: Math.max(height, tallest) };
      widest = found.width;
      tallest = found.height;
    }
    pos += length;
    if (marker === 0xda) pos = scanEnd(buf, pos);
  }
}

/** Where a scan's entropy-coded bytes end: at the first 0xFF that starts a marker other than RSTn. */
function scanEnd(buf: Buffer, from: number): number {
  for (let pos = buf.indexOf(0xff, from); pos !== -1; pos = buf.indexOf(0xff, pos + 1)) {
    const next = buf[pos + 1];
    if (next === undefined) return buf.length;
    // A stuffed zero, fill bytes and restart markers belong to the scan.
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return pos;
  }
  return buf.length;
}

/** What image-size reads: a PNG or a JPEG and its dimensions, or null (another format, or it cannot read it). */
function maintainedReading(buf: Buffer): ImageHeader | null {
  try {
    const { type, width, height } = imageSize(buf);
    if ((type !== 'png' && type !== 'jpg') || !(width >= 1) || !(height >= 1)) return null;
    return { type, width, height };
  } catch {
    // 'unsupported file type', 'Corrupt JPG, exceeded buffer limits', 'Invalid PNG', …
    return null;
  }
}

/** The image's type and dimensions from its header, or null when it is no well-formed PNG or JPEG. */
export function readImageHeader(buf: Buffer): ImageHeader | null {
  const type = sniffImageType(buf);
  if (!type) return null;
  const read = maintainedReading(buf);
  if (!read || read.type !== type) return null;
  const walked = type === 'png' ? readPng(buf) : readJpeg(buf);
  if (!walked) return null;
  // A PNG has one IHDR: two readings of it that differ are no PNG a decoder agrees on.
  if (type === 'png' && (walked.width !== read.width || walked.height !== read.height)) return null;
  return { type, width: Math.max(read.width, walked.width), height: Math.max(read.height, walked.height) };
}
