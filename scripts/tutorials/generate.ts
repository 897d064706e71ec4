/**
 * Records the demo tutorial videos and writes server/assets/tutorials/content.json (the help content
 * the tenant API seeds: tutorial topics and items, FAQ topics and items).
 *
 *   npx tsx scripts/tutorials/generate.ts                     every video, on a fresh stack of its own
 *   npx tsx scripts/tutorials/generate.ts --only zene-atvitele,sajat-lista
 *   npx tsx scripts/tutorials/generate.ts --url http://demo.localhost:3000   a running app instead
 *   npx tsx scripts/tutorials/generate.ts --content-only      content.json only (texts changed, no recording)
 *
 * For each item of content.ts it logs in as the demo shop's manager (demo@pulzus.hu) in Debian's
 * Chromium (/usr/bin/chromium through playwright-core; Playwright's own recorder needs a browser
 * download), performs the steps of scenes.ts on the real pages at 1280×720 and takes one still per
 * narration sentence. espeak-ng (`-v hu`) speaks each sentence into a WAV; ffmpeg holds each still
 * for its sentence (short cross-fades between them) and encodes VP9 + Opus WebM at a low constant
 * quality, plus a poster JPEG from the first still; ffprobe measures the true duration for
 * content.json. Needs the Debian packages chromium, ffmpeg and espeak-ng.
 *
 * Without --url it starts the same stack the end-to-end tests use (scripts/launch/stack.ts): the
 * tenant API on a fresh temporary DATA_DIR (so the demo shop is freshly seeded and nothing of a
 * developer's data shows) and the built web app, on ports TUTORIAL_API_PORT / TUTORIAL_WEB_PORT
 * (default 4601 / 3601), built into .next-tutorials (a production build takes a few minutes). With
 * --url the recording changes that shop's data (a playlist, a spot, a schedule are created).
 *
 * The app never encodes: the committed files in server/assets/tutorials are what it serves.
 * Encodes run one at a time.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumLaunchOptions } from '../launch/browser';
import { startStack, type Stack } from '../launch/stack';
import { faqs, tutorials, type TutorialItemSource } from './content';
import { scenes, settle } from './scenes';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ASSETS = path.join(ROOT, 'server', 'assets');
const OUT_DIR = path.join(ASSETS, 'tutorials');
const CONTENT_FILE = path.join(OUT_DIR, 'content.json');

const LOGIN = { email: 'demo@pulzus.hu', password: 'pulzus-demo' };
const VIEWPORT = { width: 1280, height: 720 };
/** A shop's PC and a tablet, as the device menu names them (not "HeadlessChrome"). */
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const TABLET_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Seconds: before the first sentence, after each sentence, and after the last one. */
const LEAD = 0.6;
const GAP = 0.7;
const TAIL = 1.2;
const FADE = 0.3;
const FPS = 8;

/** espeak-ng reads a few UI words letter by letter or in English; it is told how they sound. */
const PRONOUNCE: [RegExp, string][] = [
  [/slideshow-t/gi, 'szlájdsót'],
  [/slideshowk/gi, 'szlájdsók'],
  [/slideshow/gi, 'szlájdsó'],
  [/\bMP3\b/g, 'em-pé-hármas'],
  [/\bTV\b/g, 'tévé'],
];

type Args = { only: Set<string> | null; url: string | null; contentOnly: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { only: null, url: null, contentOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--content-only') args.contentOnly = true;
    else if (a === '--only') args.only = new Set((argv[++i] ?? '').split(',').filter(Boolean));
    else if (a === '--url') args.url = (argv[++i] ?? '').replace(/\/+$/, '');
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

const log = (line: string) => process.stdout.write(`[tutorials] ${line}\n`);

async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe: no duration for ${file}`);
  return seconds;
}

async function speak(text: string, file: string): Promise<number> {
  const spoken = PRONOUNCE.reduce((t, [re, say]) => t.replace(re, say), text);
  await run('espeak-ng', ['-v', 'hu', '-s', '150', '-w', file, spoken]);
  return probeDuration(file);
}

async function newDevice(browser: Browser, base: string, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    userAgent,
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('E-mail cím').fill(LOGIN.email);
  await page.getByLabel('Jelszó').fill(LOGIN.password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await settle(page);
  return context;
}

/** Takes the stills of one item: one PNG per sentence, in `work`. */
async function record(browser: Browser, base: string, item: TutorialItemSource, work: string): Promise<string[]> {
  const scene = scenes[item.key];
  if (!scene) throw new Error(`scenes.ts has no scene for ${item.key}`);
  if (scene.steps.length !== item.sentences.length) {
    throw new Error(`${item.key}: ${item.sentences.length} sentences but ${scene.steps.length} steps`);
  }
  const contexts: BrowserContext[] = [];
  try {
    const main = await newDevice(browser, base, DESKTOP_UA);
    contexts.push(main);
    const page = main.pages()[0]!;
    const s = {
      page,
      browser,
      base,
      repoRoot: ROOT,
      openSecondDevice: async () => {
        const tablet = await newDevice(browser, base, TABLET_UA);
        contexts.push(tablet);
        return tablet.pages()[0]!;
      },
    };
    if (scene.setup) await scene.setup(s);
    const stills: string[] = [];
    for (const [i, step] of scene.steps.entries()) {
      try {
        await step(s);
      } catch (err) {
        await page.screenshot({ path: path.join(work, `failed-${i + 1}.png`) }).catch(() => undefined);
        throw new Error(`${item.key}, step ${i + 1} ("${item.sentences[i]}"): ${(err as Error).message}`);
      }
      // No text caret or pointer-less focus ring that would blink between stills.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
      const still = path.join(work, `still-${i + 1}.png`);
      await page.screenshot({ path: still });
      stills.push(still);
    }
    // The video is made by now; a failed clean-up only risks the next item's look, so it warns.
    await scene.teardown?.(s).catch((err: unknown) => log(`${item.key}: clean-up failed: ${(err as Error).message}`));
    // Music left playing on this device would show 'A zenét szóló eszköz nem elérhető' in the next
    // video, once this login is gone.
    const pause = page.getByRole('region', { name: 'Lejátszó' }).getByRole('button', { name: 'Szünet' }).first();
    if (await pause.isVisible().catch(() => false))
      await pause
        .click()
        .then(() => settle(page, 500))
        .catch(() => undefined);
    return stills;
  } finally {
    for (const c of contexts.reverse()) await c.close().catch(() => undefined);
  }
}

/** Stills held for their sentences (cross-faded), the narration under them: VP9 + Opus WebM. */
async function encode(item: TutorialItemSource, stills: string[], work: string): Promise<void> {
  const voices: number[] = [];
  for (const [i, sentence] of item.sentences.entries()) {
    voices.push(await speak(sentence, path.join(work, `voice-${i + 1}.wav`)));
  }
  const n = stills.length;
  // Slot i: how long sentence i's still is the picture, silence included.
  const slots = voices.map((v, i) => v + GAP + (i === 0 ? LEAD : 0) + (i === n - 1 ? TAIL - GAP : 0));

  const inputs: string[] = [];
  // Every still but the last is shown FADE longer: the cross-fade eats that overlap.
  stills.forEach((still, i) =>
    inputs.push(
      '-loop',
      '1',
      '-framerate',
      String(FPS),
      '-t',
      (slots[i]! + (i < n - 1 ? FADE : 0)).toFixed(3),
      '-i',
      still,
    ),
  );
  voices.forEach((_, i) => inputs.push('-i', path.join(work, `voice-${i + 1}.wav`)));

  const filters: string[] = [];
  stills.forEach((_, i) =>
    filters.push(`[${i}:v]scale=1280:720:flags=lanczos,format=yuv420p,setsar=1,fps=${FPS}[v${i}]`),
  );
  let video = 'v0';
  let offset = 0;
  for (let i = 1; i < n; i++) {
    offset += slots[i - 1]!;
    filters.push(`[${video}][v${i}]xfade=transition=fade:duration=${FADE}:offset=${offset.toFixed(3)}[x${i}]`);
    video = `x${i}`;
  }
  voices.forEach((_, i) => {
    const delay = i === 0 ? Math.round(LEAD * 1000) : 0;
    filters.push(`[${n + i}:a]aresample=48000,adelay=${delay}:all=1,apad=whole_dur=${slots[i]!.toFixed(3)}[a${i}]`);
  });
  filters.push(`${voices.map((_, i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1[aout]`);

  const out = path.join(OUT_DIR, `${item.key}.webm`);
  await run(
    'ffmpeg',
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      `[${video}]`,
      '-map',
      '[aout]',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-deadline',
      'good',
      '-cpu-used',
      '5',
      '-row-mt',
      '1',
      '-g',
      String(FPS * 10),
      '-threads',
      '2',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-ac',
      '1',
      '-shortest',
      out,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  await run('ffmpeg', [
    '-y',
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    stills[0]!,
    '-vf',
    'scale=960:-2:flags=lanczos',
    '-q:v',
    '5',
    path.join(OUT_DIR, `${item.key}.jpg`),
  ]);
}

type ContentJson = {
  tutorials: { key: string; items: { key: string; duration: number }[] }[];
};

function previousDurations(): Map<string, number> {
  if (!existsSync(CONTENT_FILE)) return new Map();
  const old = JSON.parse(readFileSync(CONTENT_FILE, 'utf8')) as ContentJson;
  return new Map(old.tutorials.flatMap((t) => t.items.map((i) => [i.key, i.duration] as const)));
}

async function writeContent(): Promise<void> {
  const known = previousDurations();
  const topics = [];
  for (const topic of tutorials) {
    const items = [];
    for (const item of topic.items) {
      const video = path.join(OUT_DIR, `${item.key}.webm`);
      const duration = existsSync(video) ? await probeDuration(video) : known.get(item.key);
      if (duration === undefined) throw new Error(`${item.key}: no video yet; record it first`);
      items.push({
        key: item.key,
        name: item.name,
        description: item.description,
        narration: item.sentences.join(' '),
        video: `tutorials/${item.key}.webm`,
        poster: `tutorials/${item.key}.jpg`,
        duration: Math.round(duration * 10) / 10,
      });
    }
    topics.push({ key: topic.key, name: topic.name, items });
  }
  const itemKeys = new Set(tutorials.flatMap((t) => t.items.map((i) => i.key)));
  for (const topic of faqs) {
    for (const item of topic.items) {
      if (item.tutorial && !itemKeys.has(item.tutorial))
        throw new Error(`FAQ ${item.key} links to unknown tutorial ${item.tutorial}`);
    }
  }
  writeFileSync(CONTENT_FILE, JSON.stringify({ tutorials: topics, faqs }, null, 2) + '\n');
  log(`wrote ${path.relative(ROOT, CONTENT_FILE)}`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(OUT_DIR, { recursive: true });
  if (args.contentOnly) return writeContent();

  const items = tutorials.flatMap((t) => t.items).filter((i) => !args.only || args.only.has(i.key));
  if (items.length === 0) throw new Error('no tutorial item selected');

  let stack: Stack | undefined;
  let base = args.url;
  if (!base) {
    stack = await startStack({
      apiPort: Number(process.env.TUTORIAL_API_PORT || 4601),
      webPort: Number(process.env.TUTORIAL_WEB_PORT || 3601),
      distDir: '.next-tutorials',
      log,
    });
    base = stack.url('demo');
  }
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--mute-audio',
      '--hide-scrollbars',
      // Time fields follow the browser's language, not the page's. Without a hu_HU system locale
      // Chromium still shows 09:00 AM (the schedule video does): install it to get 09:00.
      '--lang=hu-HU',
    ],
  });
  const work = mkdtempSync(path.join(tmpdir(), 'pulzus-tutorials-'));
  try {
    const failed: string[] = [];
    for (const item of items) {
      const dir = path.join(work, item.key);
      mkdirSync(dir);
      try {
        log(`${item.key}: recording ${item.sentences.length} stills`);
        const stills = await record(browser, base, item, dir);
        log(`${item.key}: encoding`);
        await encode(item, stills, dir);
      } catch (err) {
        // The other items still get their videos; the failed one keeps its previous files.
        log(`${item.key} FAILED: ${(err as Error).message}`);
        failed.push(item.key);
        continue;
      }
      const video = path.join(OUT_DIR, `${item.key}.webm`);
      log(`${item.key}: ${(await probeDuration(video)).toFixed(1)} s, ${Math.round(statSync(video).size / 1024)} kB`);
    }
    await writeContent();
    if (failed.length > 0)
      throw new Error(`not recorded: ${failed.join(', ')}; stills and screenshots of the failure in ${work}`);
    rmSync(work, { recursive: true, force: true });
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
