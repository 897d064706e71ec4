import { MPEGDecoder } from 'mpg123-decoder';
import { mp3IsMono } from '../storage/mp3-duration';
import { LoudnessMeter, type Loudness } from './loudness';

/**
 * Decodes an MP3 (the WebAssembly build of mpg123, no ffmpeg) and measures its loudness. Blocking
 * arithmetic for about a hundredth of the file's length: callers on the API run it on the
 * loudness worker (server/src/audio/loudness-worker.ts), never on the event loop.
 */

const CHUNK = 64 * 1024;

export async function measureMp3(file: Uint8Array): Promise<Loudness> {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const mono = mp3IsMono(buf);
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    let meter: LoudnessMeter | null = null;
    for (let at = 0; at < buf.length; at += CHUNK) {
      const { channelData, samplesDecoded, sampleRate } = decoder.decode(buf.subarray(at, at + CHUNK));
      if (!samplesDecoded) continue;
      meter ??= new LoudnessMeter(sampleRate, mono ? 1 : Math.min(2, channelData.length));
      meter.push(channelData);
    }
    if (!meter) throw new Error('no audio decoded');
    return meter.result();
  } finally {
    decoder.free();
  }
}
