/**
 * Uploads (SPEC.md §5 file rules): one file a call, in the form field `file`, judged by its
 * content. Sound and spot files are MP3 (audio/mpeg); slideshow images JPEG or PNG. The limits are
 * the server's defaults (configurable there); the messages are the API's 422s on `errors.file`.
 * Zod-free, so browser code may import it.
 */

export const UPLOAD_FIELD = 'file';
export const DEFAULT_AUDIO_MAX_MB = 20;
export const DEFAULT_IMAGE_MAX_MB = 10;
/** The default cap on an upload call's whole body (UPLOAD_BODY_MAX_MB, read by the API and the web app): above it 413. */
export const DEFAULT_UPLOAD_BODY_MAX_MB = 64;
/**
 * The largest body of any other call (JSON, a form): the API's general body limit, above which it
 * answers 413. The web app refuses such a body itself before passing any of it on.
 */
export const BODY_MAX_BYTES = 2 * 1024 * 1024;
/** The forms' rule for slideshow images (SPEC.md §9); the API takes one file a call. */
export const IMAGES_PER_PICK_MAX = 10;
export const AUDIO_ACCEPT = 'audio/mpeg,.mp3';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * The largest image a slide or logo may be, by its header: the in-store screen decodes every
 * slide whole (4 bytes a pixel), so 40 megapixels is already 160 MB of memory on a small TV box.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 8000;

/**
 * Longest spot and sound, in seconds. A spot plays over the music and a sound interrupts it, and
 * the scheduler's preview looks ahead as far as the longest spot list plays: a length without a
 * bound would let one shop's file stall everyone's preview.
 */
export const SPOT_SECONDS_MAX = 600;
export const SOUND_SECONDS_MAX = 120;

/**
 * Over its cap as the page shows the length (m:ss, whole seconds down): an encoder's padding of
 * the last frame (a few hundredths) does not turn a 10:00 spot away.
 */
export function isOverLong(seconds: number, maxSeconds: number): boolean {
  return Math.floor(seconds) > maxSeconds;
}

export const fileMessages = {
  required: 'A fájl megadása kötelező.',
  tooMany: 'Egyszerre csak egy fájl tölthető fel.',
  notMp3: 'A fájl csak MP3 hangfájl lehet.',
  brokenMp3: 'A hangfájl sérült vagy hiányos, nem olvasható belőle hang.',
  notImage: 'A kép csak JPEG vagy PNG fájl lehet.',
  imageTooLarge: 'A kép legfeljebb 40 megapixeles lehet, és egyik oldala sem lehet hosszabb 8000 képpontnál.',
  tooLarge: (mb: number) => `A fájl legfeljebb ${mb} MB lehet.`,
  spotTooLong: 'A szpot legfeljebb 10 perc lehet.',
  soundTooLong: 'A hang legfeljebb 2 perc lehet.',
} as const;
