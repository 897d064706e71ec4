/**
 * The pages in Chromium (the `pages` step of `npm run bench`, BENCH_STEPS=pages runs it alone), judged
 * against "floor + stack": bench/floor/app/stack, the empty Next.js app of the same `next`, `react` and
 * `react-dom` (bench/floor/, built and served by bench/floor.ts) plus every package the design names
 * that a logged-in page uses, each loaded as a page should load it (SWR, jotai, next/link, Echo with
 * pusher-js, Radix Tabs, embla with autoplay eagerly; Radix Dialog and DropdownMenu on first use).
 * Each round loads the floor, "floor + stack" and every page once, in an order rotated per round, each
 * load cold (a fresh context, cache disabled) at 4× CPU throttling and lasting 10 s from navigation
 * start; after one warm-up round, BENCH_PAGE_ROUNDS rounds (default 9) are counted and their medians
 * compared:
 *
 *   own JS    gzip as transferred, the scripts a page requests before its `load` event, minus the
 *             same of "floor + stack": /channels ≤ 25 kB, every other logged-in page ≤ 30 kB,
 *             /channels on the audio device ≤ 32 kB. What a page fetches after `load` (idle prefetch
 *             of the next click's pages, dialog warm-up) is free in bytes; the table prints the JS of
 *             the first 10 s beside it.
 *   TBT       over the first 10 s (each long task's part after FCP and before 10 s, beyond 50 ms)
 *             ≤ 1.1 × "floor + stack"'s over the same 10 s, on every logged-in page
 *   FCP       ≤ "floor + stack" FCP + 200 ms on every logged-in page
 *   LCP − FCP ≤ 150 ms on every logged-in page (the channel pages, /playlists, /playlists/{id},
 *             every mixer page, /settings, /tutorial)
 *
 * /login is measured for information. Last, the time from pressing play on a channel until its audio
 * fires `playing` (no throttling), held to its own budget.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { ensureFloorBuild, startFloor } from './floor';

export interface PageMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'kB' | 'count';
  max?: number;
  note?: string;
}

/** Counted rounds; one more round before them warms the servers and is not counted. */
export const PAGE_ROUNDS = Math.max(1, Number(process.env.BENCH_PAGE_ROUNDS || 9));
export const CPU_THROTTLING = 4;
const PLAY_RUNS = 5;
/**
 * Each load lasts this long from navigation start: its TBT and "JS 10 s" are counted over it, so a page
 * that idles its prefetch and warm-up after `load` pays for their main-thread time here.
 */
export const LOAD_MS = 10_000;
/** A page with an interaction (the help bubble) is left alone until quiet this long first… */
const QUIET_MS = 1_000;
/** …or at most this long after `load`. */
const SETTLE_LIMIT_MS = 5_000;

export const PAGE_BUDGETS = {
  /** TBT over the first 10 s ≤ tbtRatio × "floor + stack" TBT over the same 10 s */
  tbtRatio: 1.1,
  /** Own JS: JS requested before `load` − "floor + stack"'s, kB gzip as transferred */
  channelsJsKb: 25,
  /** /channels on the audio device, which loads its engine (and the Web Audio graph) before `load` */
  deviceChannelsJsKb: 32,
  pageJsKb: 30,
  /** FCP ≤ "floor + stack" FCP + this */
  fcpSlackMs: 200,
  /** LCP − FCP on the logged-in pages */
  lcpAfterFcpMs: 150,
  playMs: 300,
} as const;

// ---------------------------------------------------------------------------------------------------
// Calls through the BFF from Node, with the sealed cookie of one login

export function bffCall(
  stack: Stack,
  cookie: string,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const origin = webUrl(stack.webPort);
  const headers: Record<string, string> = { Host: new URL(origin).host, Accept: 'application/json', Cookie: cookie };
  if (method !== 'GET') {
    headers.Origin = origin;
    headers['Content-Type'] = 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: stack.webPort, method, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A remote control of one login: the call's JSON, or a thrown error naming any answer but 200. */
export function remoteOf(stack: Stack, cookie: string) {
  return async <T>(method: 'GET' | 'POST', pathname: string): Promise<T> => {
    const res = await bffCall(stack, cookie, method, pathname, method === 'POST' ? {} : undefined);
    if (res.status !== 200)
      throw new Error(`${method} ${pathname} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`);
    return res.json as T;
  };
}

export async function bffGet<T>(stack: Stack, cookie: string, pathname: string): Promise<T> {
  const res = await bffCall(stack, cookie, 'GET', pathname);
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return res.json as T;
}

// ---------------------------------------------------------------------------------------------------
// One cold, throttled load

interface Target {
  label: string;
  url: string;
  /** The cookie the browser holds (name=value); the floor gets none. */
  cookie?: string;
  /** 'reference': printed beside the floor for reading, held to no budget. */
  kind: 'floor' | 'reference' | 'guest' | 'app';
  /** The budget of own JS, JS before `load` − "floor + stack"'s, in kB (logged-in pages). */
  jsBudgetKb?: number;
  /** LCP − FCP is held to its budget. */
  lcpBudget?: boolean;
  /** Done once the page has settled (within the 10 s); its long tasks count. */
  interact?: (page: Page) => Promise<void>;
  /** Set up before each of this target's loads, outside the measured time (and undone by `after`). */
  before?: () => Promise<void>;
  after?: () => Promise<void>;
}

interface LoadRun {
  /** The document's first byte after navigation start (the server's part of FCP). */
  ttfb: number;
  /** The document's last byte (a streamed page's last chunk). */
  htmlEnd: number;
  /** The last render-blocking resource's end (stylesheets, fonts and scripts the first paint waits for). */
  blockingEnd: number;
  /** Those resources, for BENCH_VERBOSE. */
  blocking: { name: string; start: number; end: number }[];
  fcp: number;
  lcp: number;
  lcpElement: string;
  /** Over the first 10 s. */
  tbt: number;
  /** The `load` event, ms after navigation start. */
  loadMs: number;
  /**
   * Gzip bytes of the scripts requested in the first 10 s: as transferred when the server compressed
   * them (headers included), else their bodies gzipped here (level 6; Next leaves responses under
   * 1 kB uncompressed).
   */
  js10s: number;
  /** The same for the scripts requested before the `load` event. */
  jsBeforeLoad: number;
  /** How many of them were gzipped here rather than by the server. */
  gzippedHere: number;
  scripts: number;
  encodings: Set<string>;
  /** Each script's URL, request start after navigation start (ms) and bytes, for BENCH_VERBOSE. */
  list: { url: string; startMs: number; bytes: number }[];
}

/** Registered before any page script: paints, the LCP element and every long task. */
function observePage() {
  const w = window as unknown as {
    __perf: { fcp: number; lcp: number; lcpElement: string; tasks: [number, number][]; lastTask: number };
  };
  w.__perf = { fcp: 0, lcp: 0, lcpElement: '', tasks: [], lastTask: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__perf.lcp = e.startTime;
      const el = (e as PerformanceEntry & { element?: Element | null }).element;
      w.__perf.lcpElement = el
        ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}`
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__perf.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__perf.tasks.push([e.startTime, e.duration]);
      w.__perf.lastTask = performance.now();
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** TBT as Lighthouse counts it, within [FCP, until]: each long task's part in it, beyond 50 ms. */
function totalBlockingTime(fcp: number, tasks: [number, number][], until: number): number {
  let sum = 0;
  for (const [start, duration] of tasks) {
    const end = Math.min(start + duration, until);
    if (end <= fcp) continue;
    sum += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return sum;
}

export async function newContext(browser: Browser, url: string, cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'hu-HU' });
  if (cookie) {
    const eq = cookie.indexOf('=');
    await context.addCookies([
      { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), domain: new URL(url).hostname, path: '/' },
    ]);
  }
  return context;
}

async function coldLoad(browser: Browser, target: Target): Promise<LoadRun> {
  const context = await newContext(browser, target.url, target.cookie);
  try {
    await context.addInitScript(observePage);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });

    /** The document request's CDP timestamp (s): navigation start as the network saw it. */
    let navigationStart: number | undefined;
    /** The `load` event's CDP timestamp (s), on the same clock. */
    let loadFired: number | undefined;
    await cdp.send('Page.enable');
    cdp.on('Page.loadEventFired', (e) => {
      loadFired ??= e.timestamp;
    });
    const requestedAt = new Map<string, number>();
    const scripts = new Map<string, { encoding: string; url: string }>();
    const list: LoadRun['list'] = [];
    const done: Promise<void>[] = [];
    let gzippedHere = 0;
    let inFlight = 0;
    let lastNetwork = Date.now();
    const encodings = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      lastNetwork = Date.now();
      // A redirect is sent again under the same id and finishes once.
      if (e.redirectResponse) return;
      inFlight++;
      if (navigationStart === undefined && e.type === 'Document') navigationStart = e.timestamp;
      requestedAt.set(e.requestId, e.timestamp);
    });
    cdp.on('Network.responseReceived', (e) => {
      if (e.type !== 'Script') return;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      scripts.set(e.requestId, { encoding: headers['content-encoding'] ?? 'identity', url: e.response.url });
    });
    const finish = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastNetwork = Date.now();
    };
    cdp.on('Network.loadingFailed', finish);
    cdp.on('Network.loadingFinished', (e) => {
      finish();
      const script = scripts.get(e.requestId);
      if (!script) return;
      const startMs = ((requestedAt.get(e.requestId) ?? 0) - (navigationStart ?? 0)) * 1000;
      encodings.add(script.encoding);
      if (script.encoding === 'gzip' || script.encoding === 'br') {
        list.push({ url: script.url, startMs, bytes: e.encodedDataLength });
        return;
      }
      gzippedHere++;
      done.push(
        cdp
          .send('Network.getResponseBody', { requestId: e.requestId })
          .then((b) => {
            const bytes = gzipSync(Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8'), { level: 6 }).length;
            list.push({ url: script.url, startMs, bytes });
          })
          .catch(() => undefined),
      );
    });

    /** Until no long task and no request for QUIET_MS (or SETTLE_LIMIT_MS). */
    const settle = async () => {
      const from = Date.now();
      for (;;) {
        await page.waitForTimeout(200);
        const sinceTask = await page.evaluate(
          () => performance.now() - (window as unknown as { __perf: { lastTask: number } }).__perf.lastTask,
        );
        const quiet = inFlight === 0 && Date.now() - lastNetwork >= QUIET_MS && sinceTask >= QUIET_MS;
        if (quiet || Date.now() - from > SETTLE_LIMIT_MS) return;
      }
    };

    await page.goto(target.url, { waitUntil: 'load' });
    // A page that sends the browser elsewhere (an expired session, a missing entry) is not the page.
    const landed = new URL(page.url()).pathname;
    const wanted = new URL(target.url).pathname;
    if (!landed.startsWith(wanted)) throw new Error(`${target.label}: ${wanted} ended on ${landed}`);
    if (target.interact) {
      await settle();
      await target.interact(page);
    }
    // Every load lasts LOAD_MS from navigation start, whatever the page does in it.
    const elapsed = await page.evaluate(() => performance.now());
    if (elapsed < LOAD_MS) await page.waitForTimeout(LOAD_MS - elapsed);
    await Promise.all(done);
    const perf = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        ...(
          window as unknown as { __perf: { fcp: number; lcp: number; lcpElement: string; tasks: [number, number][] } }
        ).__perf,
        ttfb: nav?.responseStart ?? 0,
        htmlEnd: nav?.responseEnd ?? 0,
        blocking: (
          performance.getEntriesByType('resource') as (PerformanceResourceTiming & { renderBlockingStatus?: string })[]
        )
          .filter((e) => e.renderBlockingStatus === 'blocking')
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
      };
    });
    // Without a first paint every long task would count as blocking: not a measurement.
    if (!(perf.fcp > 0)) throw new Error(`${target.label}: no first contentful paint`);
    const sum = (xs: LoadRun['list']) => xs.reduce((a, s) => a + s.bytes, 0);
    if (loadFired === undefined || navigationStart === undefined) throw new Error(`${target.label}: no load event`);
    const loadMs = (loadFired - navigationStart) * 1000;
    return {
      ttfb: perf.ttfb,
      htmlEnd: perf.htmlEnd,
      blockingEnd: Math.max(0, ...perf.blocking.map((b) => b.end)),
      blocking: perf.blocking,
      fcp: perf.fcp,
      lcp: perf.lcp,
      lcpElement: perf.lcpElement,
      tbt: totalBlockingTime(perf.fcp, perf.tasks, LOAD_MS),
      loadMs,
      js10s: sum(list.filter((s) => s.startMs <= LOAD_MS)),
      jsBeforeLoad: sum(list.filter((s) => s.startMs <= loadMs)),
      gzippedHere,
      scripts: scripts.size,
      encodings,
      list,
    };
  } finally {
    await context.close();
  }
}

/** The help bubble of the main layout: clicked, then its panel shown. */
async function openHelp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Segítség', exact: true }).click();
  await page.getByRole('dialog', { name: 'Segítség' }).waitFor({ state: 'visible', timeout: 30_000 });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};

interface PageStats {
  ttfb: number;
  htmlEnd: number;
  blockingEnd: number;
  fcp: number;
  lcp: number;
  /** Median of each load's LCP − FCP. */
  lcpAfterFcp: number;
  /** Over the first 10 s. */
  tbt: number;
  loadMs: number;
  /** kB gzip: the scripts requested before `load`, and in the first 10 s. */
  jsKb: number;
  js10sKb: number;
  scripts: number;
  gzippedHere: number;
  lcpElements: string;
  encodings: string;
}

function pageStats(runs: LoadRun[]): PageStats {
  return {
    ttfb: median(runs.map((r) => r.ttfb)),
    htmlEnd: median(runs.map((r) => r.htmlEnd)),
    blockingEnd: median(runs.map((r) => r.blockingEnd)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    lcpAfterFcp: median(runs.map((r) => r.lcp - r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    loadMs: median(runs.map((r) => r.loadMs)),
    jsKb: median(runs.map((r) => r.jsBeforeLoad)) / 1000,
    js10sKb: median(runs.map((r) => r.js10s)) / 1000,
    scripts: median(runs.map((r) => r.scripts)),
    gzippedHere: median(runs.map((r) => r.gzippedHere)),
    lcpElements: [...new Set(runs.map((r) => r.lcpElement).filter(Boolean))].join(', '),
    encodings: [...new Set(runs.flatMap((r) => [...r.encodings]))].join('/'),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The budgets of one run, from its "floor + stack" row. */
function budgetsOf(stack: PageStats) {
  return {
    tbtMax: round1(PAGE_BUDGETS.tbtRatio * stack.tbt),
    fcpMax: round1(stack.fcp + PAGE_BUDGETS.fcpSlackMs),
  };
}

/** The per-page table: each page against "floor + stack" of the same run (the floor for reading). */
function printTable(floor: PageStats, stack: PageStats, rows: { target: Target; stats: PageStats }[]): void {
  const { tbtMax, fcpMax } = budgetsOf(stack);
  const head = [
    'page',
    'TTFB',
    'HTML',
    'CSS',
    'FCP',
    '≤',
    'LCP',
    'LCP−FCP',
    '≤',
    'load',
    'TBT 10s',
    '×stack',
    '≤',
    'JS<load',
    'own',
    '≤',
    'JS 10s',
    '',
  ];
  const row = (label: string, s: PageStats, t?: Target): string[] => {
    const app = t?.kind === 'app';
    const jsOver = s.jsKb - stack.jsKb;
    const missed =
      app &&
      (s.tbt > tbtMax ||
        s.fcp > fcpMax ||
        (t.jsBudgetKb !== undefined && jsOver > t.jsBudgetKb) ||
        (t.lcpBudget && s.lcpAfterFcp > PAGE_BUDGETS.lcpAfterFcpMs));
    return [
      label,
      s.ttfb.toFixed(0),
      s.htmlEnd.toFixed(0),
      s.blockingEnd.toFixed(0),
      s.fcp.toFixed(0),
      app ? fcpMax.toFixed(0) : '',
      s.lcp.toFixed(0),
      s.lcpAfterFcp.toFixed(0),
      t?.lcpBudget ? String(PAGE_BUDGETS.lcpAfterFcpMs) : '',
      s.loadMs.toFixed(0),
      s.tbt.toFixed(0),
      stack.tbt > 0 ? (s.tbt / stack.tbt).toFixed(2) : '–',
      app ? tbtMax.toFixed(0) : '',
      s.jsKb.toFixed(1),
      t ? (jsOver >= 0 ? '+' : '') + jsOver.toFixed(1) : '',
      t?.jsBudgetKb !== undefined ? String(t.jsBudgetKb) : '',
      s.js10sKb.toFixed(1),
      app ? (missed ? 'MISSED' : 'ok') : '',
    ];
  };
  const body = [row('floor', floor), ...rows.map(({ target: t, stats: s }) => row(t.label, s, t))];
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  process.stdout.write(
    `\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${body.map(line).join('\n')}\n` +
      `ms and kB gzip as transferred; medians of ${PAGE_ROUNDS} interleaved cold loads of ${LOAD_MS / 1000} s each at ${CPU_THROTTLING}× CPU. ` +
      `JS<load: the scripts requested before the load event; own: that − floor + stack's; JS 10s: the scripts requested in the first ${LOAD_MS / 1000} s (after load: free in bytes). ` +
      `TBT 10s: over the first ${LOAD_MS / 1000} s, ≤ ${PAGE_BUDGETS.tbtRatio} × floor + stack's; FCP ≤ floor + stack's + ${PAGE_BUDGETS.fcpSlackMs} ms; ` +
      `for information: TTFB and HTML, the document's first and last byte; CSS, the last render-blocking resource's end; load, the load event.\n\n`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Press play → `playing`

/**
 * Records the click on the channel's play button and the first `playing` of a media element after it.
 * A string, not a function: the engine's element is not in the document (its events never reach a
 * document listener), so `play()` is wrapped, and a compiled function could carry helpers the page
 * does not have.
 */
const OBSERVE_PLAY = `
  window.__play = { clicked: 0, playing: 0 };
  document.addEventListener('click', (event) => {
    if (!window.__play.clicked) window.__play.clicked = event.timeStamp;
  }, true);
  const originalPlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    this.addEventListener('playing', (event) => {
      if (window.__play.clicked && !window.__play.playing) window.__play.playing = event.timeStamp;
    });
    return originalPlay.call(this);
  };
`;

async function pressPlay(browser: Browser, stack: Stack, cookie: string, channelId: number): Promise<number> {
  const context = await newContext(browser, webUrl(stack.webPort), cookie);
  try {
    await context.addInitScript({ content: OBSERVE_PLAY });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${webUrl(stack.webPort)}/channels/${channelId}`, { waitUntil: 'load' });
    // Hydrated and settled: the realtime connection comes up after the first paint.
    await page.waitForTimeout(1500);
    const button = page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true });
    await button.click();
    await page
      .waitForFunction(() => (window as unknown as { __play: { playing: number } }).__play.playing > 0, null, {
        timeout: 15_000,
      })
      .catch(async (err: unknown) => {
        const state = await page.evaluate(async () => ({
          play: (window as unknown as { __play: unknown }).__play,
          audio: [...document.querySelectorAll('audio')].map((a) => ({
            src: a.currentSrc.slice(0, 80),
            paused: a.paused,
            ready: a.readyState,
          })),
          player: await (await fetch('/api/players', { headers: { Accept: 'application/json' } })).json(),
          me: await (await fetch('/api/me', { headers: { Accept: 'application/json' } })).json(),
        }));
        throw new Error(`no playing event: ${JSON.stringify(state).slice(0, 1500)}`, { cause: err });
      });
    const t = await page.evaluate(() => (window as unknown as { __play: { clicked: number; playing: number } }).__play);
    return t.playing - t.clicked;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------

export async function measurePages(stack: Stack, login: () => Promise<string>): Promise<PageMeasurement[]> {
  const cookie = await login();
  const channels = await bffGet<{ id: number; tracks_count: number }[]>(stack, cookie, '/api/channels');
  const withTracks = channels.filter((c) => c.tracks_count > 0);
  const playlists = await bffGet<{ id: number; tracks_count: number }[]>(stack, cookie, '/api/playlists');
  const channelId = withTracks[0]?.id;
  const playlist = [...playlists].sort((a, b) => b.tracks_count - a.tracks_count)[0];
  if (channelId === undefined || !playlist) throw new Error('the demo data has no channel with tracks or no playlist');

  const log = (line: string) => console.log(`[bench] ${line}`);
  await ensureFloorBuild(log);
  const floor = await startFloor(Number(process.env.BENCH_FLOOR_PORT || stack.webPort + 100), log);

  const base = webUrl(stack.webPort);
  const page = (label: string, path: string, more: Partial<Target> = {}): Target => ({
    label,
    url: `${base}${path}`,
    cookie,
    kind: 'app',
    jsBudgetKb: PAGE_BUDGETS.pageJsKb,
    lcpBudget: true,
    ...more,
  });
  const floorTarget: Target = { label: 'floor', url: floor.url, kind: 'floor' };
  // The audio device: a login of its own holds the output with the music playing around each of its
  // loads (paused again after, so every other page is loaded as before), so its /channels loads the
  // engine as the shop's counter PC does.
  const deviceCookie = await login();
  const deviceSession = (await bffGet<{ session_id: string }>(stack, deviceCookie, '/api/me')).session_id;
  const devicePlays = async (play: boolean) => {
    const [player] = await bffGet<Array<{ id: number; is_playing: boolean; session_id: string | null }>>(
      stack,
      deviceCookie,
      '/api/players',
    );
    if (!player) throw new Error('the demo shop has no player');
    const path = `/api/players/${player.id}`;
    if (play) {
      const moved = await bffCall(stack, deviceCookie, 'POST', `${path}/sessions/${deviceSession}`, { currentTime: 0 });
      if (moved.status !== 200) throw new Error(`moving the output answered ${moved.status}`);
      const started = await bffCall(stack, deviceCookie, 'POST', `${path}/playable/channel/${channelId}`, {});
      if (started.status !== 200) throw new Error(`playing channel ${channelId} answered ${started.status}`);
    } else if (player.is_playing) {
      await bffCall(stack, deviceCookie, 'GET', `${path}/toggle-play`);
    }
  };
  // "floor + stack" (bench/floor/app/stack): the floor plus every package the design names that a
  // logged-in page uses, loaded as a page should load them, and no code of ours. A page's own JS is
  // its JS before `load` minus this row's; its 10-s TBT and its FCP are held to this row's.
  const stackTarget: Target = { label: 'floor + stack', url: `${floor.url}stack`, kind: 'reference' };
  const targets: Target[] = [
    floorTarget,
    stackTarget,
    // /login is for a guest: a cookie that is not the session keeps it from redirecting to /channels.
    { label: '/login', url: `${base}/login`, cookie: 'guest=1', kind: 'guest' },
    page('/channels', '/channels', { jsBudgetKb: PAGE_BUDGETS.channelsJsKb }),
    page('/channels (audio device)', '/channels', {
      cookie: deviceCookie,
      jsBudgetKb: PAGE_BUDGETS.deviceChannelsJsKb,
      before: () => devicePlays(true),
      after: () => devicePlays(false),
    }),
    page('/channels/{id}', `/channels/${channelId}`),
    page('/playlists', '/playlists'),
    page('/playlists/{id}', `/playlists/${playlist.id}`),
    page('/mixer/scheduler', '/mixer/scheduler'),
    page('/mixer/spots', '/mixer/spots'),
    page('/mixer/soundboard', '/mixer/soundboard'),
    page('/mixer/slideshows', '/mixer/slideshows'),
    page('/mixer/screens', '/mixer/screens'),
    page('/settings', '/settings'),
    page('/tutorial', '/tutorial'),
    // A user opens the help once the page is up: /channels' first seconds, then the bubble and its panel.
    page('/channels + help', '/channels', { jsBudgetKb: PAGE_BUDGETS.channelsJsKb, interact: openHelp }),
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
  // The floor and "floor + stack" are measured whatever BENCH_PAGES picks: every budget is relative to them.
  const chosen = targets.filter((t) => t === floorTarget || t === stackTarget || !only || only.includes(t.label));

  const out: PageMeasurement[] = [];
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    process.stdout.write(
      `pages: the floor and ${chosen.length - 1} page(s), 1 warm-up + ${PAGE_ROUNDS} rounds of cold loads of ${LOAD_MS / 1000} s at ${CPU_THROTTLING}× CPU…\n`,
    );
    const runs = new Map<Target, LoadRun[]>(chosen.map((t) => [t, []]));
    const started = Date.now();
    // Round -1 warms the servers (first renders, compiled routes, the OS's file cache), not the browser.
    for (let round = -1; round < PAGE_ROUNDS; round++) {
      // Rotated per round, so no page always follows the same one or always comes first.
      const shift = (round + 1) % chosen.length;
      for (const target of [...chosen.slice(shift), ...chosen.slice(0, shift)]) {
        let run: LoadRun;
        await target.before?.();
        try {
          run = await coldLoad(browser, target);
        } catch (err) {
          // One retry: on a busy machine a single load can time out without anything being wrong.
          process.stdout.write(
            `  ${target.label}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; once more\n`,
          );
          run = await coldLoad(browser, target);
        } finally {
          await target.after?.();
        }
        if (round >= 0) runs.get(target)!.push(run);
      }
      const label = round < 0 ? 'warm-up' : `${round + 1}/${PAGE_ROUNDS}`;
      process.stdout.write(`  round ${label} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    }

    if (process.env.BENCH_VERBOSE) {
      for (const target of chosen) {
        process.stdout.write(`${target.label}\n`);
        for (const b of runs.get(target)![0]?.blocking ?? []) {
          process.stdout.write(
            `  blocking ${b.start.toFixed(0).padStart(5)}–${b.end.toFixed(0).padStart(5)} ms  ${b.name}\n`,
          );
        }
        for (const s of runs.get(target)![0]?.list ?? []) {
          process.stdout.write(
            `  ${(s.bytes / 1000).toFixed(1).padStart(6)} kB  at ${s.startMs.toFixed(0).padStart(5)} ms  ${new URL(s.url).pathname}\n`,
          );
        }
      }
    }

    const floorStats = pageStats(runs.get(floorTarget)!);
    const stackStats = pageStats(runs.get(stackTarget)!);
    const rows = chosen
      .filter((t) => t !== floorTarget)
      .map((target) => ({ target, stats: pageStats(runs.get(target)!) }));
    printTable(floorStats, stackStats, rows);

    const how = `median of ${PAGE_ROUNDS} cold loads of ${LOAD_MS / 1000} s interleaved with floor + stack's, ${CPU_THROTTLING}× CPU throttling`;
    const { tbtMax, fcpMax } = budgetsOf(stackStats);
    out.push(
      { name: 'floor FCP', value: floorStats.fcp, unit: 'ms', note: `${how}; an empty Next.js app (bench/floor/)` },
      { name: 'floor TBT (10 s)', value: floorStats.tbt, unit: 'ms', note: how },
      {
        name: 'floor JS before load',
        value: floorStats.jsKb,
        unit: 'kB',
        note: `${floorStats.scripts} scripts, gzip as transferred [${floorStats.encodings}]`,
      },
    );
    for (const { target: t, stats: s } of rows) {
      const app = t.kind === 'app';
      const ratio =
        stackStats.tbt > 0 ? `${(s.tbt / stackStats.tbt).toFixed(2)}× floor + stack's` : 'floor + stack has none';
      out.push(
        {
          name: `${t.label} TBT (10 s)`,
          value: s.tbt,
          unit: 'ms',
          ...(app ? { max: tbtMax } : {}),
          note: `${ratio} (${stackStats.tbt.toFixed(0)} ms; floor ${floorStats.tbt.toFixed(0)} ms); budget ${PAGE_BUDGETS.tbtRatio} × floor + stack; JS of the first ${LOAD_MS / 1000} s ${s.js10sKb.toFixed(1)} kB (floor + stack ${stackStats.js10sKb.toFixed(1)} kB); ${how}`,
        },
        {
          name: `${t.label} own JS before load (− floor + stack)`,
          value: s.jsKb - stackStats.jsKb,
          unit: 'kB',
          ...(app && t.jsBudgetKb !== undefined ? { max: t.jsBudgetKb } : {}),
          note:
            `${s.jsKb.toFixed(1)} kB before load (at ${s.loadMs.toFixed(0)} ms; ${s.js10sKb.toFixed(1)} kB in the first ${LOAD_MS / 1000} s, ${s.scripts} scripts) − floor + stack ${stackStats.jsKb.toFixed(1)} kB (floor ${floorStats.jsKb.toFixed(1)} kB); ` +
            `gzip as transferred (headers included)` +
            (s.gzippedHere ? `, ${s.gzippedHere} uncompressed small one(s) gzipped here` : '') +
            ` [${s.encodings}]`,
        },
        {
          name: `${t.label} FCP`,
          value: s.fcp,
          unit: 'ms',
          ...(app ? { max: fcpMax } : {}),
          note: `floor + stack FCP ${stackStats.fcp.toFixed(0)} ms + ${PAGE_BUDGETS.fcpSlackMs} ms (floor ${floorStats.fcp.toFixed(0)} ms)`,
        },
        {
          name: `${t.label} LCP − FCP`,
          value: s.lcpAfterFcp,
          unit: 'ms',
          ...(t.lcpBudget ? { max: PAGE_BUDGETS.lcpAfterFcpMs } : {}),
          note: `FCP ${s.fcp.toFixed(0)} ms, LCP ${s.lcp.toFixed(0)} ms (floor FCP ${floorStats.fcp.toFixed(0)} ms); LCP element ${s.lcpElements || '?'}`,
        },
      );
    }

    if (only && !only.includes('play')) return out;
    process.stdout.write(`press play → playing: ${PLAY_RUNS} runs, no CPU throttling…\n`);
    const times: number[] = [];
    const pause = async () => {
      const [player] = await bffGet<{ id: number; is_playing: boolean }[]>(stack, cookie, '/api/players');
      if (player?.is_playing) await bffGet(stack, cookie, `/api/players/${player.id}/toggle-play`);
    };
    for (let run = -1; run < PLAY_RUNS; run++) {
      // Paused first, so this device's press takes the audio output (as the player's end-to-end tests do).
      await pause();
      // A channel that is not the playable yet, so every run starts a channel rather than resuming one.
      const target = withTracks[(run + 2) % withTracks.length]!.id;
      const ms = await pressPlay(browser, stack, cookie, target);
      if (run >= 0) times.push(ms);
    }
    out.push({
      name: 'press play → playing (/channels/{id})',
      value: median(times),
      unit: 'ms',
      max: PAGE_BUDGETS.playMs,
      note: `median of ${PLAY_RUNS}, no CPU throttling, --autoplay-policy=no-user-gesture-required; click event to the audio's first playing event`,
    });
  } finally {
    await browser.close();
    await floor.stop();
  }
  return out;
}
