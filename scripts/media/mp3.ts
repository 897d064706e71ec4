// MP3 encoding with the pure-JS LAME port (mono, constant bit rate).
import { Mp3Encoder } from '@breezystack/lamejs';
import { SAMPLE_RATE, toInt16 } from './dsp';

// 64 kbps is the lowest rate at which this encoder keeps 44.1 kHz for mono; below it, it
// resamples to 32 kHz.
export const KBPS = 64;

export function encodeMp3(pcm: Float32Array, kbps = KBPS): Buffer {
  const samples = toInt16(pcm);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, kbps);
  const chunks: Buffer[] = [];
  const push = (data: Int8Array | Uint8Array): void => {
    if (data.length > 0) chunks.push(Buffer.from(data.buffer, data.byteOffset, data.length));
  };
  const block = 1152 * 16;
  for (let i = 0; i < samples.length; i += block) push(encoder.encodeBuffer(samples.subarray(i, i + block)));
  push(encoder.flush());
  return Buffer.concat(chunks);
}
