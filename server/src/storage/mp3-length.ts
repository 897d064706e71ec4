import { parseBuffer } from 'music-metadata';
import { NotMp3Error, walkMp3, type Mp3Walk } from './mp3-duration';

/*
 * The length of an untrusted MP3 (an upload, a stored file measured again). Read first by a
 * maintained parser (music-metadata): the container, the codec and the length its header claims
 * (a Xing/Info or LAME header, or for CBR the bytes over the frame size). Our own walk of every
 * frame (storage/mp3-duration.ts) is the cross-check on top of it: the length is what the frames
 * really there play. A header that claims more or less than the frames, by more than 5 %, is a
 * lie (a 22-minute file claiming 72 s would pass the 10-minute cap), and frames a decoder cannot
 * follow (valid headers over random bytes) hold no audio: both are broken files.
 *
 * music-metadata is asked for its header reading only (`duration: false`): asked to count VBR
 * frames itself, it spends seconds of the event loop on a 20 MB file, where the walk below takes
 * a tenth of that.
 */

/** How far a claimed length may be from the walked one: 5 %, and at least two frames (tiny files, the Xing frame itself). */
const CLAIM_TOLERANCE = 0.05;
/** How many of the frames may be undecodable: 5 %, and at least two (a stream cut at its start). */
const UNDECODABLE_TOLERANCE = 0.05;
const SLACK_FRAMES = 2;

export interface Mp3Length {
  /** Seconds: the larger of the walked length and what the headers claim. */
  seconds: number;
  walk: Mp3Walk;
}

/**
 * Measures an untrusted MP3. Throws NotMp3Error when it is no MPEG Layer III stream, when a
 * header's claimed length differs from the frames walked by more than 5 %, or when more than 5 %
 * of the frames hold nothing a decoder can decode.
 */
export async function mp3Length(buf: Buffer): Promise<Mp3Length> {
  let claimed: number | undefined;
  try {
    const { format } = await parseBuffer(
      new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
      { mimeType: 'audio/mpeg', size: buf.byteLength },
      { duration: false, skipCovers: true },
    );
    if (format.container !== 'MPEG' || !/ Layer 3$/.test(format.codec ?? ''))
      throw new NotMp3Error('Not MPEG Layer III');
    claimed = format.duration;
  } catch (err) {
    if (err instanceof NotMp3Error) throw err;
    throw new NotMp3Error(`Unreadable: ${err instanceof Error ? err.message : String(err)}`);
  }

  const walk = walkMp3(buf);
  if (walk.layer !== 3) throw new NotMp3Error('Not MPEG Layer III');
  const frameSeconds = walk.seconds / walk.frames;
  const claims = [claimed, walk.claimedSeconds ?? undefined].filter(
    (s): s is number => s !== undefined && Number.isFinite(s) && s > 0,
  );
  for (const claim of claims) {
    const allowed = Math.max(CLAIM_TOLERANCE * Math.max(claim, walk.seconds), SLACK_FRAMES * frameSeconds);
    if (Math.abs(claim - walk.seconds) > allowed)
      throw new NotMp3Error(`Claims ${claim.toFixed(3)} s, the frames play ${walk.seconds.toFixed(3)} s`);
  }
  const undecodable = walk.frames - walk.decodable;
  if (undecodable > Math.max(UNDECODABLE_TOLERANCE * walk.frames, SLACK_FRAMES))
    throw new NotMp3Error(`${undecodable} of ${walk.frames} frames hold no decodable audio`);
  return { seconds: Math.max(walk.seconds, ...claims), walk };
}

/**
 * The length a stored file plays, for measuring it again: `mp3Length` when the file passes it,
 * else the length of the frames really there (a lying header still plays, just as long as its
 * frames). Null when the bytes hold no MPEG frames at all.
 */
export async function storedMp3Length(buf: Buffer): Promise<number | null> {
  try {
    return (await mp3Length(buf)).seconds;
  } catch (err) {
    if (!(err instanceof NotMp3Error)) throw err;
  }
  try {
    return walkMp3(buf).seconds;
  } catch (err) {
    if (err instanceof NotMp3Error) return null;
    throw err;
  }
}
