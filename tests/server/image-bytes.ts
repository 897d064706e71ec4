import { crc32, deflateSync } from 'node:zlib';

/*
 * Image files built byte by byte for the upload tests: well-formed ones of any claimed size (the
 * pixel data is a token IDAT, which header checks never decode), and forged ones.
 */

export function pngChunk(type: string, data: Buffer, { badCrc = false } = {}): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((crc32(body) ^ (badCrc ? 1 : 0)) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function ihdr(width: number, height: number, { depth = 8, colour = 2 } = {}): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width >>> 0, 0);
  data.writeUInt32BE(height >>> 0, 4);
  data[8] = depth;
  data[9] = colour;
  return data;
}

/** A PNG whose header says width × height, with the given chunks between IHDR and IDAT. */
export function png(width: number, height: number, between: Buffer[] = []): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(width, height)),
    ...between,
    pngChunk('IDAT', deflateSync(Buffer.alloc(4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline JPEG header (SOI, APP0, DQT, SOFn, DHT, SOS) claiming width × height, and an EOI. */
export function jpeg(width: number, height: number, { sof = 0xc0, before = [] as Buffer[] } = {}): Buffer {
  const frame = Buffer.alloc(15);
  frame[0] = 8;
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame[5] = 3;
  for (let c = 0; c < 3; c++) frame.set([c + 1, 0x11, 0], 6 + c * 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...before,
    segment(0xdb, Buffer.alloc(65)),
    segment(sof, frame),
    segment(0xc4, Buffer.alloc(29)),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x00, 0xff, 0xd9]),
  ]);
}

export const jpegSegment = segment;

/** A JPEG of `width` × `height` with a second frame header (SOF0) of `later` right after its first. */
export function jpegTwoFrames(width: number, height: number, later: [number, number]): Buffer {
  const first = jpeg(width, height);
  // SOI, APP0 and DQT come before the frame header (19 bytes with its marker).
  const sofEnd = 2 + 18 + 69 + 19;
  const second = jpeg(...later).subarray(sofEnd - 19, sofEnd);
  return Buffer.concat([first.subarray(0, sofEnd), second, first.subarray(sofEnd)]);
}
