/**
 * The logged-in pages in Chromium (part of `npm run bench`; `npx tsx bench/pages.ts` runs only these on
 * the bench's stack): per route the largest contentful paint and total blocking time at 4× CPU
 * throttling with a cold cache (median of 5 runs), the gzip bytes of every script fetched on a cold
 * load, and the time from pressing play on a channel until its audio fires `playing`.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser';
import { acquireRunLock, startStack, webUrl, type Stack } from '../tests/e2e/support/stack';

export interface PageMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'kB';
  max?: number;
  note?: string;
}

const PAGE_RUNS = 5;
const CPU_THROTTLING = 4;
const PLAY_RUNS = 5;
/** After `load`, the page must stay free of long tasks and requests this long before a run ends. */
const QUIET_MS = 2_000;
/** …but a run never waits longer than this after `load`. */
const SETTLE_LIMIT_MS = 15_000;

export const PAGE_BUDGETS = { lcpMs: 1200, tbtMs: 100, channelsJsKb: 160, playMs: 300 } as const;

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

async function bffGet<T>(stack: Stack, cookie: string, pathname: string): Promise<T> {
  const res = await bffCall(stack, cookie, 'GET', pathname);
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return res.json as T;
}

export async function newContext(browser: Browser, stack: Stack, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'hu-HU' });
  const eq = cookie.indexOf('=');
  await context.addCookies([
    { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), domain: new URL(webUrl(stack.webPort)).hostname, path: '/' },
  ]);
  return context;
}

// ---------------------------------------------------------------------------------------------------
// One cold, throttled load

interface LoadRun {
  fcp: number;
  lcp: number;
  lcpElement: string;
  tbt: number;
  /**
   * Gzip bytes of the scripts: as transferred when the server compressed them (headers included),
   * else their bodies gzipped here (level 6; Next leaves responses under 1 kB uncompressed).
   */
  jsGzip: number;
  /** How many of them were gzipped here rather than by the server. */
  gzippedHere: number;
  scripts: number;
  encodings: Set<string>;
  /** Each script's URL and transferred bytes, for BENCH_VERBOSE. */
  list: [string, number][];
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
      w.__perf.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}` : '';
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

/** TBT as Lighthouse counts it: each long task's part after FCP, beyond 50 ms. */
function totalBlockingTime(fcp: number, tasks: [number, number][]): number {
  let sum = 0;
  for (const [start, duration] of tasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    sum += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return sum;
}

async function coldLoad(browser: Browser, stack: Stack, cookie: string, url: string, throttle: boolean): Promise<LoadRun> {
  const context = await newContext(browser, stack, cookie);
  try {
    await context.addInitScript(observePage);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });

    const scripts = new Map<string, { encoding: string; url: string }>();
    const list: [string, number][] = [];
    const done: Promise<void>[] = [];
    let gzip = 0;
    let gzippedHere = 0;
    let inFlight = 0;
    let lastNetwork = Date.now();
    const encodings = new Set<string>();
    cdp.on('Network.requestWillBeSent', () => {
      inFlight++;
      lastNetwork = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      if (e.type !== 'Script') return;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
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
      encodings.add(script.encoding);
      if (script.encoding === 'gzip' || script.encoding === 'br') {
        gzip += e.encodedDataLength;
        list.push([script.url, e.encodedDataLength]);
        return;
      }
      gzippedHere++;
      done.push(
        cdp
          .send('Network.getResponseBody', { requestId: e.requestId })
          .then((b) => {
            const bytes = gzipSync(Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8'), { level: 6 }).length;
            gzip += bytes;
            list.push([script.url, bytes]);
          })
          .catch(() => undefined),
      );
    });

    await page.goto(url, { waitUntil: 'load' });
    const loadedAt = Date.now();
    for (;;) {
      await page.waitForTimeout(250);
      const lastTask = await page.evaluate(() => (window as unknown as { __perf: { lastTask: number } }).__perf.lastTask);
      const sinceTask = (await page.evaluate(() => performance.now())) - lastTask;
      const quiet = inFlight === 0 && Date.now() - lastNetwork >= QUIET_MS && sinceTask >= QUIET_MS;
      if (quiet || Date.now() - loadedAt > SETTLE_LIMIT_MS) break;
    }
    await Promise.all(done);
    const perf = await page.evaluate(() => (window as unknown as { __perf: { fcp: number; lcp: number; lcpElement: string; tasks: [number, number][] } }).__perf);
    return {
      fcp: perf.fcp,
      lcp: perf.lcp,
      lcpElement: perf.lcpElement,
      tbt: totalBlockingTime(perf.fcp, perf.tasks),
      jsGzip: gzip,
      gzippedHere,
      scripts: scripts.size,
      encodings,
      list,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};

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
  const context = await newContext(browser, stack, cookie);
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
      .waitForFunction(() => (window as unknown as { __play: { playing: number } }).__play.playing > 0, null, { timeout: 15_000 })
      .catch(async (err: unknown) => {
        const state = await page.evaluate(async () => ({
          play: (window as unknown as { __play: unknown }).__play,
          audio: [...document.querySelectorAll('audio')].map((a) => ({ src: a.currentSrc.slice(0, 80), paused: a.paused, ready: a.readyState })),
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

  const base = webUrl(stack.webPort);
  const routes: { label: string; path: string; paint: boolean }[] = [
    { label: '/login', path: '/login', paint: false },
    { label: '/channels', path: '/channels', paint: true },
    { label: '/channels/{id}', path: `/channels/${channelId}`, paint: true },
    { label: '/playlists', path: '/playlists', paint: true },
    { label: '/playlists/{id}', path: `/playlists/${playlist.id}`, paint: true },
  ];

  const out: PageMeasurement[] = [];
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const only = process.env.BENCH_PAGES?.split(',');
    for (const route of routes.filter((r) => !only || only.includes(r.label))) {
      process.stdout.write(`${route.label}: ${PAGE_RUNS} cold loads at ${CPU_THROTTLING}× CPU…\n`);
      // /login is for a guest: an empty cookie keeps it from redirecting to /channels.
      const who = route.path === '/login' ? 'guest=1' : cookie;
      const runs: LoadRun[] = [];
      for (let run = -1; run < PAGE_RUNS; run++) {
        const r = await coldLoad(browser, stack, who, `${base}${route.path}`, true);
        if (run >= 0) runs.push(r); // run -1 warms the server, not the browser
      }
      if (process.env.BENCH_VERBOSE && runs[0]) {
        for (const [u, b] of runs[0].list) process.stdout.write(`  ${(b / 1000).toFixed(1).padStart(6)} kB  ${new URL(u).pathname}\n`);
      }
      const encodings = [...new Set(runs.flatMap((r) => [...r.encodings]))];
      const jsKb = median(runs.map((r) => r.jsGzip)) / 1000;
      const here = runs[0]?.gzippedHere ?? 0;
      const lcpElements = [...new Set(runs.map((r) => r.lcpElement).filter(Boolean))].join(', ');
      const note = `median of ${PAGE_RUNS}, ${CPU_THROTTLING}× CPU throttling, cold cache`;
      if (!route.paint) {
        // No budget: the framework's own start (React, Next's router) with one small form. It is the
        // floor under every page's TBT on this machine, measured in the same run.
        out.push({
          name: `${route.label} TBT (floor)`,
          value: median(runs.map((r) => r.tbt)),
          unit: 'ms',
          note: `${note}; a guest page with almost no app code: what React and Next alone cost`,
        });
      }
      if (route.paint) {
        out.push(
          { name: `${route.label} LCP`, value: median(runs.map((r) => r.lcp)), unit: 'ms', max: PAGE_BUDGETS.lcpMs, note: `${note}; LCP element ${lcpElements || '?'}` },
          { name: `${route.label} TBT`, value: median(runs.map((r) => r.tbt)), unit: 'ms', max: PAGE_BUDGETS.tbtMs, note: `${note}; long tasks after FCP until ${QUIET_MS / 1000} s quiet after load` },
        );
      }
      out.push({
        name: `${route.label} first-load JS`,
        value: jsKb,
        unit: 'kB',
        ...(route.label === '/channels' ? { max: PAGE_BUDGETS.channelsJsKb } : {}),
        note:
          `${runs[0]?.scripts ?? 0} scripts until ${QUIET_MS / 1000} s quiet after load, lazy chunks included; ` +
          `gzip as transferred by the web server (headers included)` +
          (here ? `, ${here} uncompressed small one(s) gzipped here` : '') +
          ` [${encodings.join('/')}]`,
      });
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
  }
  return out;
}

// `npx tsx bench/pages.ts`: only these figures, on the bench's ports and build folder.
if (process.argv[1] && /bench[\\/]pages\.ts$/.test(process.argv[1])) {
  void (async () => {
    await acquireRunLock('pulzus-bench-3201', (l) => console.log(`[bench] ${l}`));
    const stack = await startStack({ apiPort: 4201, webPort: 3201, distDir: '.next-bench', log: (l) => console.log(`[bench] ${l}`) });
    try {
      const origin = webUrl(stack.webPort);
      const login = async () => {
        const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: stack.webPort,
              method: 'POST',
              path: '/auth/login',
              headers: { Host: new URL(origin).host, Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json' },
            },
            resolve,
          );
          req.on('error', reject);
          req.end(JSON.stringify({ email: 'demo@pulzus.hu', password: 'pulzus-demo', remember: false }));
        });
        res.resume();
        const sealed = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('pulzus='));
        if (!sealed) throw new Error(`login answered ${res.statusCode} without the sealed cookie`);
        return sealed;
      };
      const results = await measurePages(stack, login);
      for (const m of results) {
        const ok = m.max === undefined ? '' : m.value <= m.max ? 'ok' : 'MISSED';
        console.log(`${m.name.padEnd(42)} ${m.value.toFixed(2).padStart(9)} ${m.unit.padEnd(3)} ${m.max === undefined ? '' : `≤ ${m.max}`.padEnd(7)} ${ok}  ${m.note ?? ''}`);
      }
    } finally {
      await stack.stop();
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
