/**
 * All day on a shop PC (part of `npm run bench`, step `allday`): a Chromium page on /channels/{id} is the
 * audio device while another client, a second login through the BFF (the shop manager's phone), calls
 * the player's `next` 500 times; each call is a track change and an `UpdatePlayer` to the page. Through
 * CDP, after a forced GC: the page's JS heap, DOM nodes and JS event listeners at a baseline after a
 * warm-up and at the end. BENCH_ALLDAY_CHANGES changes the count; BENCH_ALLDAY_SNAPSHOTS=1 also writes
 * heap snapshots at the baseline and at the end into bench-results/ (compare them in DevTools' Memory
 * panel, "Comparison" view) to find what grows per change.
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { ROOT } from '../scripts/launch/web-build.mjs';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { newContext, remoteOf } from './pages';

export interface AllDayMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'MB' | 'count';
  max?: number;
  note?: string;
}

export const ALLDAY_BUDGETS = { heapGrowthMb: 10 } as const;

const CHANGES = Number(process.env.BENCH_ALLDAY_CHANGES ?? 500);
/** Changes before the baseline at least: the code paths of a track change have run and their caches are filled. */
const MIN_WARMUP_CHANGES = 20;
/** One change must reach the page's audio well within this; on a loaded machine it takes ~0.1–0.5 s. */
const CHANGE_TIMEOUT_MS = 15_000;
const MB = 1024 * 1024;

interface Track {
  id: number;
  url: string;
}
interface PlayerState {
  id: number;
  is_playing: boolean;
  is_repeat: boolean;
  is_random: boolean;
  session_id: string | null;
  track: Track | null;
  playable: { id: number } | null;
}

interface Counters {
  heap: number;
  /** Blink's own heap (DOM, styles, the inspector's records): not the JS heap, reported for the record. */
  blink: number;
  nodes: number;
  listeners: number;
  documents: number;
}

/**
 * Remembers the source of each `playing` of the engine's music element (`data-player-audio`). Installed
 * once before the baseline, so its one listener is in both counts.
 */
function watchAudio(): void {
  const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
  if (!audio) throw new Error('no player audio element in the document');
  const w = window as unknown as { __allday: { src: string; playing: number } };
  w.__allday = { src: '', playing: 0 };
  audio.addEventListener('playing', () => {
    w.__allday.src = audio.currentSrc;
    w.__allday.playing += 1;
  });
}

/** The URL's path, decoded, so the page's absolute `currentSrc` and the API's `url` compare. */
function pathOf(url: string): string {
  return decodeURIComponent(new URL(url, 'http://relative.invalid').pathname);
}

async function counters(cdp: CDPSession): Promise<Counters> {
  // Twice: the first pass can leave garbage that finalizers and weak callbacks only free in the next.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return {
    heap: usedSize,
    blink: embedderHeapUsedSize,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    documents: dom.documents,
  };
}

/**
 * The counters once two readings a second apart agree on nodes and listeners (at most five tries): a
 * passing state (a socket reconnecting under load once added some 45 listeners for a moment) must not
 * count as growth, nor hide it when it falls on the baseline; a leak stays put and is read all the same.
 */
async function settledCounters(page: Page, cdp: CDPSession): Promise<Counters> {
  let last = await counters(cdp);
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(1000);
    const now = await counters(cdp);
    if (now.nodes === last.nodes && now.listeners === last.listeners) return now;
    last = now;
  }
  return last;
}

async function writeSnapshot(cdp: CDPSession, name: string): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const dir = path.join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, chunks.join(''));
  return file;
}

export async function measureAllDay(stack: Stack, login: () => Promise<string>): Promise<AllDayMeasurement[]> {
  // Two logins, two device sessions: the page's (the shop PC) and the remote's.
  const deviceCookie = await login();
  const remoteCookie = await login();
  const remote = remoteOf(stack, remoteCookie);

  const channels = await remote<{ id: number; tracks_count: number }[]>('GET', '/api/channels');
  // Two tracks at least, so that every `next` is a change of track.
  const channel = [...channels].sort((a, b) => b.tracks_count - a.tracks_count)[0];
  if (!channel || channel.tracks_count < 2) throw new Error('the demo data has no channel with two tracks or more');

  let [player] = await remote<PlayerState[]>('GET', '/api/players');
  if (!player) throw new Error('no player for the demo customer');
  // In order and round again at the end, so 500 `next`s never stop the music or repeat a track.
  if (player.is_random) player = await remote<PlayerState>('POST', `/api/players/${player.id}/random`);
  if (!player.is_repeat) player = await remote<PlayerState>('POST', `/api/players/${player.id}/repeat`);
  // Paused, so that this device's press takes the audio output.
  if (player.is_playing) player = await remote<PlayerState>('GET', `/api/players/${player.id}/toggle-play`);
  const playerId = player.id;

  process.stdout.write(
    `all day: /channels/${channel.id} (${channel.tracks_count} tracks) as the audio device, ${CHANGES} × next from another login…\n`,
  );
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  const started = performance.now();
  try {
    const context = await newContext(browser, webUrl(stack.webPort), deviceCookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${webUrl(stack.webPort)}/channels/${channel.id}`, { waitUntil: 'load' });
    // The socket up, or the first pushes would be missed (the page would fetch the player once it connects).
    await page.locator('[data-connection="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
        return !!audio && !audio.paused && audio.currentTime > 0;
      },
      null,
      { timeout: CHANGE_TIMEOUT_MS },
    );
    const me = (await page.evaluate(async () =>
      (await fetch('/api/me', { headers: { Accept: 'application/json' } })).json(),
    )) as {
      session_id: string;
    };
    player = (await remote<PlayerState[]>('GET', '/api/players')).find((p) => p.id === playerId)!;
    if (player.session_id !== me.session_id || player.playable?.id !== channel.id || !player.is_playing) {
      throw new Error(
        `the page did not become the audio device of channel ${channel.id}: ${JSON.stringify(player).slice(0, 400)}`,
      );
    }
    await page.evaluate(watchAudio);

    // The page differs by which track plays (the current row of the list shows the equaliser instead of
    // its number, but only when that row is loaded), so the baseline is taken where the channel's order
    // comes round to the same track at the end: like is compared with like.
    const warmup = MIN_WARMUP_CHANGES + ((CHANGES - MIN_WARMUP_CHANGES) % channel.tracks_count);
    if (warmup >= CHANGES)
      throw new Error(
        `${CHANGES} changes leave none to measure: at least ${MIN_WARMUP_CHANGES + channel.tracks_count} are needed`,
      );
    const requests = new Map<string, number>();
    let counting = false;
    page.on('request', (r) => {
      if (counting) requests.set(r.resourceType(), (requests.get(r.resourceType()) ?? 0) + 1);
    });

    let done = 0;
    let previousTrack = player.track?.id ?? null;
    const change = async () => {
      const before = await page.evaluate(
        () => (window as unknown as { __allday: { playing: number } }).__allday.playing,
      );
      const next = await remote<PlayerState>('GET', `/api/players/${playerId}/next`);
      if (!next.track || next.track.id === previousTrack || !next.is_playing) {
        throw new Error(`next #${done + 1} did not move to another track: ${JSON.stringify(next).slice(0, 400)}`);
      }
      previousTrack = next.track.id;
      // Paced by the page: the next call goes only once the pushed track plays here (its source loaded
      // into the music element and `playing` fired), so every change runs the whole way a real one does.
      const want = pathOf(next.track.url);
      await waitForPlaying(page, want, before).catch(async (err: unknown) => {
        const state = await page.evaluate(() => ({
          seen: (window as unknown as { __allday: unknown }).__allday,
          audio: [...document.querySelectorAll('audio')].map((a) => ({
            src: a.currentSrc,
            paused: a.paused,
            ready: a.readyState,
            error: a.error?.code,
          })),
          connection: document.querySelector('[data-connection]')?.getAttribute('data-connection'),
        }));
        throw new Error(
          `change #${done + 1} (track ${next.track!.id}, ${want}) did not play on the page within ${CHANGE_TIMEOUT_MS / 1000} s: ${JSON.stringify(state).slice(0, 1200)}`,
          {
            cause: err,
          },
        );
      });
      done += 1;
    };

    while (done < warmup) await change();
    const baseline = await settledCounters(page, cdp);
    const baselineTrack = previousTrack;
    const snapshots = process.env.BENCH_ALLDAY_SNAPSHOTS
      ? [await writeSnapshot(cdp, 'allday-baseline.heapsnapshot')]
      : [];
    const changesAtBaseline = done;
    // The heap every 100 changes tells a leak (a steady climb) from the JIT's optimised code, which
    // grows while the change's code paths get hot and then stops.
    const series: string[] = [`${done}: ${(baseline.heap / MB).toFixed(2)}`];
    const loopStarted = performance.now();
    counting = true;
    while (done < CHANGES) {
      await change();
      if (done % 100 === 0 && done < CHANGES) {
        const at = await counters(cdp);
        series.push(`${done}: ${(at.heap / MB).toFixed(2)}`);
        process.stdout.write(
          `  ${done} changes: JS heap ${(at.heap / MB).toFixed(2)} MB, ${at.nodes} nodes, ${at.listeners} listeners\n`,
        );
      }
    }
    const loopMs = performance.now() - loopStarted;
    counting = false;
    if (previousTrack !== baselineTrack)
      throw new Error(`the end plays track ${previousTrack}, the baseline played ${baselineTrack}`);
    const end = await settledCounters(page, cdp);
    if (process.env.BENCH_ALLDAY_SNAPSHOTS) snapshots.push(await writeSnapshot(cdp, 'allday-end.heapsnapshot'));
    await context.close();

    const measured = done - changesAtBaseline;
    const perChange = [...requests]
      .sort((a, b) => b[1] - a[1])
      .map(([type, n]) => `${(n / measured).toFixed(1)} ${type}`)
      .join(', ');
    const growth = (end.heap - baseline.heap) / MB;
    const seconds = (performance.now() - started) / 1000;
    if (snapshots.length)
      process.stdout.write(`heap snapshots: ${snapshots.map((f) => path.relative(ROOT, f)).join(', ')}\n`);
    series.push(`${done}: ${(end.heap / MB).toFixed(2)}`);
    const after = `after a forced GC; baseline after ${changesAtBaseline} changes, end after ${done}`;
    return [
      { name: 'all day: JS heap at baseline', value: baseline.heap / MB, unit: 'MB', note: after },
      { name: `all day: JS heap after ${done} track changes`, value: end.heap / MB, unit: 'MB', note: after },
      {
        name: `all day: JS heap growth (${changesAtBaseline} → ${done} changes)`,
        value: growth,
        unit: 'MB',
        max: ALLDAY_BUDGETS.heapGrowthMb,
        note: `${((growth * 100) / measured).toFixed(3)} MB per 100 changes; MB after n changes: ${series.join(', ')}; ${after}`,
      },
      {
        name: `all day: Blink heap growth (${changesAtBaseline} → ${done} changes)`,
        value: (end.blink - baseline.blink) / MB,
        unit: 'MB',
        note:
          `${(baseline.blink / MB).toFixed(2)} → ${(end.blink / MB).toFixed(2)} MB; not the JS heap: DOM, styles, the ` +
          `performance timeline's bounded buffers and the records of the DevTools network agent Playwright keeps on`,
      },
      // Both counters are the renderer's (Memory.getDOMCounters) after the same forced GC: nodes still
      // referenced anywhere, attached or detached, and every JS listener on a node or window. A track
      // change replaces the same nodes and re-binds the same listeners, so the end may not exceed the
      // baseline at all: one more is one per some number of changes, which a whole day multiplies.
      {
        name: 'all day: DOM nodes growth',
        value: end.nodes - baseline.nodes,
        unit: 'count',
        max: 0,
        note: `${baseline.nodes} → ${end.nodes} nodes (documents ${baseline.documents} → ${end.documents})`,
      },
      {
        name: 'all day: JS event listeners growth',
        value: end.listeners - baseline.listeners,
        unit: 'count',
        max: 0,
        note: `${baseline.listeners} → ${end.listeners} listeners`,
      },
      {
        name: 'all day: run time of the step',
        value: seconds * 1000,
        unit: 'ms',
        note:
          `${seconds.toFixed(0)} s; ${(loopMs / measured).toFixed(0)} ms per change (next through the BFF → UpdatePlayer → ` +
          `the new track playing); the page's requests per change: ${perChange || 'none'}`,
      },
    ];
  } finally {
    await browser.close();
  }
}

/** Until the music element has fired `playing` for `want` since the count `before`. */
async function waitForPlaying(page: Page, want: string, before: number): Promise<void> {
  await page.waitForFunction(
    ({ want, before }) => {
      const seen = (window as unknown as { __allday: { src: string; playing: number } }).__allday;
      if (seen.playing <= before || !seen.src) return false;
      return decodeURIComponent(new URL(seen.src).pathname) === want;
    },
    { want, before },
    { timeout: CHANGE_TIMEOUT_MS, polling: 20 },
  );
}
