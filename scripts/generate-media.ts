/**
 * Generates the demo media that the seed uses: synthesized music tracks, Hungarian ad spots,
 * provider sounds, channel artwork, track thumbnails, slideshow images, the web's default
 * images, and server/assets/manifest.json describing all of it plus a proposed catalogue.
 *
 *   npx tsx scripts/generate-media.ts                 # everything (several minutes)
 *   npx tsx scripts/generate-media.ts --only=images   # tracks | spots | sounds | images, comma-separated
 *   npx tsx scripts/generate-media.ts --only=tracks --match=kertveg   # only audio files whose name contains it
 *   npx tsx scripts/generate-media.ts --only=manifest  # just rebuild manifest.json from the files
 *
 * The output is committed; `npm start` never runs this. Output is deterministic (seeded).
 * Requirements to regenerate: Node with the dev dependencies (@breezystack/lamejs for MP3,
 * playwright-core with a Chromium at CHROMIUM_PATH or /usr/bin/chromium for the images) and,
 * for the spots only, the espeak-ng speech synthesizer (Debian/Ubuntu package `espeak-ng`).
 * The manifest is rebuilt on every run from the files on disk, with durations read back from
 * the encoded MP3s and loudness measured from them (server/src/audio/loudness.ts).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { measureMp3 } from '../server/src/audio/measure';
import { storedFigures } from '../server/src/audio/service';
import { mp3Duration } from '../server/src/storage/mp3-duration';
import { artSvg } from './media/art';
import { CATEGORIES, CHANNELS, GENRE_ART, SLIDES } from './media/catalogue';
import { renderSong } from './media/compose';
import { PLAYLIST_PLACEHOLDER_SVG, PULSE_SVG, RADIO_LOGO_SVG } from './media/defaults';
import { KBPS, encodeMp3 } from './media/mp3';
import { Rng, seedOf } from './media/random';
import { SONGS } from './media/songs';
import { SOUNDS } from './media/sounds';
import { SPOTS, renderSpot } from './media/spots';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ASSETS = join(ROOT, 'server/assets');
const PUBLIC_IMG = join(ROOT, 'public/img');
const pad2 = (n: number): string => String(n).padStart(2, '0');

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wants = (group: string): boolean => !only || only.includes(group);
const match = process.argv.find((a) => a.startsWith('--match='))?.slice(8);
const selected = (slug: string): boolean => !match || slug.includes(match);

function write(path: string, data: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  console.log(`wrote ${relative(ROOT, path)} (${(size / 1024).toFixed(1)} kB)`);
}

const trackFile = (slug: string): string => `audio/tracks/${slug}.mp3`;
const spotFile = (slug: string): string => `audio/spots/${slug}.mp3`;
const soundFile = (slug: string): string => `audio/sounds/${slug}.mp3`;

// ------------------------------------------------------------------ audio

function generateTracks(): void {
  SONGS.filter((song) => selected(song.slug)).forEach((song) => {
    const started = Date.now();
    const pcm = renderSong(song.spec, seedOf(song.slug));
    write(join(ASSETS, trackFile(song.slug)), encodeMp3(pcm));
    console.log(
      `  ${song.slug}: ${(pcm.length / 44100).toFixed(1)} s in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

function generateSpots(): void {
  for (const spot of SPOTS.filter((s) => selected(s.slug)))
    write(join(ASSETS, spotFile(spot.slug)), encodeMp3(renderSpot(spot, seedOf(spot.slug))));
}

function generateSounds(): void {
  for (const sound of SOUNDS.filter((s) => selected(s.slug)))
    write(join(ASSETS, soundFile(sound.slug)), encodeMp3(sound.render(new Rng(seedOf(sound.slug)))));
}

// ------------------------------------------------------------------ images

interface Shot {
  html: string;
  width: number;
  height: number;
  path: string;
  type: 'jpeg' | 'png';
  maxBytes?: number;
}

async function shoot(page: Page, shot: Shot): Promise<void> {
  await page.setViewportSize({ width: shot.width, height: shot.height });
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden}</style></head><body>${shot.html}</body></html>`,
  );
  let quality = 78;
  for (;;) {
    const data = await page.screenshot(shot.type === 'png' ? { type: 'png' } : { type: 'jpeg', quality });
    if (shot.type === 'png' || !shot.maxBytes || data.length <= shot.maxBytes || quality <= 40) {
      if (shot.maxBytes && data.length > shot.maxBytes)
        throw new Error(`${shot.path} stays above ${shot.maxBytes} bytes`);
      write(shot.path, data);
      return;
    }
    quality -= 6;
  }
}

function slideHtml(slide: (typeof SLIDES)[number], index: number): string {
  const [c0, c1, c2, c3] = slide.palette;
  const rng = new Rng(seedOf(`slide-${index}`));
  const circles = Array.from(
    { length: 5 },
    () =>
      `<div style="position:absolute;border-radius:50%;background:${rng.pick([c2, c3, c1])};opacity:${rng.range(0.12, 0.3).toFixed(2)};width:${rng.int(160, 520)}px;aspect-ratio:1;left:${rng.int(-120, 1180)}px;top:${rng.int(-180, 620)}px"></div>`,
  ).join('');
  const badge = slide.badge
    ? `<div style="position:absolute;right:90px;top:50%;transform:translateY(-50%) rotate(-8deg);width:330px;height:330px;border-radius:50%;background:${c3};color:${c0};display:flex;align-items:center;justify-content:center;font-size:${slide.badge.length > 4 ? 78 : 110}px;font-weight:800;box-shadow:0 24px 60px rgba(0,0,0,.25)">${slide.badge}</div>`
    : '';
  const width = slide.badge ? 760 : 1080;
  return `<div style="position:relative;width:1280px;height:720px;overflow:hidden;background:linear-gradient(135deg,${c0},${c1});font-family:'Liberation Sans','DejaVu Sans',sans-serif">
${circles}
<div style="position:absolute;left:96px;top:50%;transform:translateY(-50%);width:${width}px;color:#fff">
  <div style="width:96px;height:10px;border-radius:5px;background:${c2};margin-bottom:36px"></div>
  <div style="font-size:${slide.title.length > 24 ? 80 : 96}px;line-height:1.05;font-weight:800;letter-spacing:-1px;text-shadow:0 4px 24px rgba(0,0,0,.25)">${slide.title}</div>
  <div style="font-size:40px;line-height:1.3;margin-top:32px;color:${c3};font-weight:600">${slide.subtitle}</div>
</div>${badge}</div>`;
}

async function generateImages(): Promise<void> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [i, ch] of CHANNELS.entries()) {
      const n = pad2(i + 1);
      const seed = seedOf(ch.name);
      await shoot(page, {
        html: artSvg(ch.style, ch.palette, 400, 400, seed),
        width: 400,
        height: 400,
        type: 'jpeg',
        maxBytes: 40_000,
        path: join(ASSETS, `images/channels/cover-${n}.jpeg`),
      });
      await shoot(page, {
        html: artSvg(ch.style, ch.palette, 1600, 500, seed),
        width: 1600,
        height: 500,
        type: 'jpeg',
        maxBytes: 90_000,
        path: join(ASSETS, `images/channels/landscape-${n}.jpeg`),
      });
    }
    for (const [i, song] of SONGS.entries()) {
      const art = GENRE_ART[song.genre];
      if (!art) throw new Error(`no artwork for genre ${song.genre}`);
      await shoot(page, {
        html: artSvg(art.style, art.palette, 160, 160, seedOf(song.slug)),
        width: 160,
        height: 160,
        type: 'jpeg',
        maxBytes: 12_000,
        path: join(ASSETS, `images/tracks/thumb-${pad2(i + 1)}.jpeg`),
      });
    }
    for (const [i, slide] of SLIDES.entries()) {
      await shoot(page, {
        html: slideHtml(slide, i),
        width: 1280,
        height: 720,
        type: 'jpeg',
        maxBytes: 120_000,
        path: join(ASSETS, `images/slides/slide-${pad2(i + 1)}.jpeg`),
      });
    }
    // the web's defaults
    await shoot(page, {
      html: RADIO_LOGO_SVG,
      width: 256,
      height: 256,
      type: 'jpeg',
      path: join(PUBLIC_IMG, 'top_radio.jpeg'),
    });
    await shoot(page, {
      html: artSvg('waves', ['#5b6b9a', '#7f8fc0', '#b9c2e6', '#eef0fa'], 400, 400, 11),
      width: 400,
      height: 400,
      type: 'png',
      path: join(PUBLIC_IMG, 'base-cover-1.png'),
    });
    await shoot(page, {
      html: artSvg('rings', ['#5f7d6e', '#86a38f', '#f3ead3', '#fbf7ee'], 400, 400, 12),
      width: 400,
      height: 400,
      type: 'png',
      path: join(PUBLIC_IMG, 'base-cover-2.png'),
    });
    await shoot(page, {
      html: artSvg('blobs', ['#1e1b3a', '#2d2466', '#0f766e', '#4338ca'], 1600, 500, 13),
      width: 1600,
      height: 500,
      type: 'jpeg',
      maxBytes: 90_000,
      path: join(PUBLIC_IMG, 'default-landscape.jpeg'),
    });
    write(join(PUBLIC_IMG, 'pulse_2.svg'), PULSE_SVG);
    write(join(PUBLIC_IMG, 'playlist-placeholder.svg'), PLAYLIST_PLACEHOLDER_SVG);
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------------ manifest

/** Loudness of every audio file, measured before the manifest is built (the seed copies the figures). */
const loudness = new Map<string, { loudness_lufs: number; peak_dbtp: number }>();

async function measureAudio(files: string[]): Promise<void> {
  for (const file of files) {
    const figures = storedFigures(await measureMp3(readFileSync(join(ASSETS, file))));
    loudness.set(file, {
      loudness_lufs: Math.round(figures.loudnessLufs * 100) / 100,
      peak_dbtp: Math.round(figures.peakDbtp * 100) / 100,
    });
  }
}

function audioInfo(file: string): { duration: number; size: number; loudness_lufs?: number; peak_dbtp?: number } {
  const buf = readFileSync(join(ASSETS, file));
  return { duration: Math.round(mp3Duration(buf) * 1000) / 1000, size: buf.length, ...loudness.get(file) };
}

function imageInfo(file: string): { size: number } {
  return { size: statSync(join(ASSETS, file)).size };
}

function buildManifest(): unknown {
  const tracks = SONGS.map((song, i) => {
    const file = trackFile(song.slug);
    return {
      id: `track-${pad2(i + 1)}`,
      kind: 'track',
      file,
      title: song.title,
      artist: song.artist,
      missing_title: song.title === null,
      missing_artist: song.artist === null,
      genre: song.genre,
      bpm: song.spec.bpm,
      thumbnail: `images/tracks/thumb-${pad2(i + 1)}.jpeg`,
      ...audioInfo(file),
    };
  });
  const spots = SPOTS.map((spot) => ({
    kind: 'spot',
    file: spotFile(spot.slug),
    name: spot.name,
    text: spot.text,
    ...audioInfo(spotFile(spot.slug)),
  }));
  const sounds = SOUNDS.map((sound) => ({
    kind: 'sound',
    file: soundFile(sound.slug),
    name: sound.name,
    ...audioInfo(soundFile(sound.slug)),
  }));

  const channels = CHANNELS.map((ch, i) => {
    const n = pad2(i + 1);
    // each channel plays its own genres first, then the rest of the pool in a stable shuffle
    const rng = new Rng(seedOf(`order:${ch.name}`));
    const preferred = rng.shuffle(tracks.filter((t) => ch.genres.includes(t.genre)));
    const rest = rng.shuffle(tracks.filter((t) => !ch.genres.includes(t.genre)));
    const count = 20 + (i % 5);
    return {
      id: `channel-${n}`,
      name: ch.name,
      description: ch.description,
      cover: `images/channels/cover-${n}.jpeg`,
      landscape: `images/channels/landscape-${n}.jpeg`,
      subcategories: ch.subcategories,
      is_featured: ch.is_featured,
      tracks: [...preferred, ...rest].slice(0, count).map((t) => t.id),
    };
  });
  const subKeys = new Set(CATEGORIES.flatMap((c) => c.subcategories.map((s) => s.key)));
  for (const ch of channels)
    for (const key of ch.subcategories)
      if (!subKeys.has(key)) throw new Error(`${ch.name}: unknown subcategory ${key}`);

  const images = [
    ...CHANNELS.flatMap((_, i) => [
      { kind: 'cover', file: `images/channels/cover-${pad2(i + 1)}.jpeg`, width: 400, height: 400 },
      { kind: 'landscape', file: `images/channels/landscape-${pad2(i + 1)}.jpeg`, width: 1600, height: 500 },
    ]),
    ...SONGS.map((_, i) => ({
      kind: 'thumbnail',
      file: `images/tracks/thumb-${pad2(i + 1)}.jpeg`,
      width: 160,
      height: 160,
    })),
    ...SLIDES.map((s, i) => ({
      kind: 'slide',
      file: `images/slides/slide-${pad2(i + 1)}.jpeg`,
      width: 1280,
      height: 720,
      name: s.title,
      text: `${s.title} – ${s.subtitle}`,
    })),
  ].map((img) => ({ ...img, ...imageInfo(img.file) }));

  const web = [
    { kind: 'customer-logo', file: 'img/top_radio.jpeg' },
    { kind: 'player-image', file: 'img/pulse_2.svg' },
    { kind: 'fallback-cover', file: 'img/base-cover-1.png' },
    { kind: 'fallback-cover', file: 'img/base-cover-2.png' },
    { kind: 'default-landscape', file: 'img/default-landscape.jpeg' },
    { kind: 'playlist-placeholder', file: 'img/playlist-placeholder.svg' },
  ].map((img) => ({ ...img, size: statSync(join(ROOT, 'public', img.file)).size }));

  return {
    version: 1,
    about:
      'Demo media generated by scripts/generate-media.ts. `file` paths are relative to this folder, except `web` entries, which are relative to public/. Durations are in seconds, read from the encoded MP3 frames; sizes in bytes.',
    audio_format: { codec: 'mp3', channels: 1, sample_rate: 44100, bitrate_kbps: KBPS, cbr: true },
    tracks,
    spots,
    sounds,
    images,
    web,
    catalogue: {
      categories: CATEGORIES,
      channels,
    },
  };
}

// ------------------------------------------------------------------ main

const started = Date.now();
if (wants('tracks')) generateTracks();
if (wants('spots')) generateSpots();
if (wants('sounds')) generateSounds();
if (wants('images')) await generateImages();
await measureAudio([
  ...SONGS.map((song) => trackFile(song.slug)),
  ...SPOTS.map((spot) => spotFile(spot.slug)),
  ...SOUNDS.map((sound) => soundFile(sound.slug)),
]);
write(join(ASSETS, 'manifest.json'), `${JSON.stringify(buildManifest(), null, 2)}\n`);
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
