/**
 * The mixer's budgets (part of `npm run bench`): a 10 MB MP3 upload through the BFF against straight
 * to the tenant API, with the web server's RSS while it streams; and the in-store screen page's JS
 * heap after 1,000 slide changes against after 10, the slides driven by Playwright's clock.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { makePng } from '../scripts/media/png';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { ROOT } from '../scripts/launch/web-build.mjs';
import { webUrl, type Stack } from '../scripts/launch/stack';

export interface MixerMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'MB' | '×';
  max?: number;
  note?: string;
}

export const MIXER_BUDGETS = { uploadRatio: 1.25, uploadRssMb: 15, screenHeapMb: 5 } as const;

const UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const SLIDE_CHANGES = 1000;
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// A 10 MB MP3: the frames of a demo track, repeated

const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The MPEG audio frames of an MP3 (ID3 tag and a LAME/Xing info frame left out), back to back. */
export function mp3Frames(file: Buffer): Buffer {
  let at = 0;
  if (file.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = ((file[6]! & 0x7f) << 21) | ((file[7]! & 0x7f) << 14) | ((file[8]! & 0x7f) << 7) | (file[9]! & 0x7f);
    at = 10 + size + (file[5]! & 0x10 ? 10 : 0);
  }
  const frames: Buffer[] = [];
  while (at + 4 <= file.length) {
    const h = file.readUInt32BE(at);
    const version = (h >>> 19) & 3;
    const layer = (h >>> 17) & 3;
    const bitrate = (h >>> 12) & 15;
    const rate = (h >>> 10) & 3;
    if (h >>> 21 !== 0x7ff || layer !== 1 || version === 1 || bitrate === 0 || bitrate === 15 || rate === 3) break;
    const kbps = (version === 3 ? BITRATES.v1 : BITRATES.v2)[bitrate]!;
    const size =
      Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / SAMPLE_RATES[version]![rate]!) + ((h >>> 9) & 1);
    if (at + size > file.length) break;
    const frame = file.subarray(at, at + size);
    const head = frame.subarray(0, 64).toString('latin1');
    if (frames.length > 0 || !(head.includes('Xing') || head.includes('Info'))) frames.push(frame);
    at += size;
  }
  if (frames.length === 0) throw new Error('no MPEG audio frames found');
  return Buffer.concat(frames);
}

/** 320 kbps MPEG-1 layer III at 44.1 kHz, unpadded: 1044 bytes a frame. */
const FRAME_320 = 1044;

/**
 * `bytes` of MP3 that an upload takes: the demo track's frames, each re-headed as a 320 kbps frame
 * (its bytes first, zeros after), so 10 MB play 4 min 22 s, within the 10-minute spot cap (the
 * demo's own 64 kbps would make 10 MB almost 22 minutes, which the API refuses).
 */
export function makeMp3(bytes = UPLOAD_BYTES): Buffer {
  const demo = mp3Frames(readFileSync(path.join(ROOT, 'server/assets/audio/tracks/duna-parti-fenyek.mp3')));
  const frames: Buffer[] = [];
  for (let at = 0; at + 4 <= demo.length;) {
    const h = demo.readUInt32BE(at);
    const size = Math.floor((144 * BITRATES.v1[(h >>> 12) & 15]! * 1000) / 44100) + ((h >>> 9) & 1);
    const frame = Buffer.alloc(FRAME_320);
    demo.copy(frame, 0, at, Math.min(at + size, at + FRAME_320));
    // Bit rate index 14 (320 kbps), no padding; version, layer, rate and mode stay.
    frame.writeUInt32BE(((h & ~(0xf << 12) & ~(1 << 9)) | (14 << 12)) >>> 0, 0);
    frames.push(frame);
    at += size;
  }
  const one = Buffer.concat(frames);
  return Buffer.concat(Array.from({ length: Math.ceil(bytes / one.length) }, () => one)).subarray(
    0,
    Math.floor(bytes / FRAME_320) * FRAME_320,
  );
}

function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----pulzusbench${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Target {
  port: number;
  headers: Record<string, string>;
}

function send(
  target: Target,
  method: string,
  pathname: string,
  body?: Buffer,
  contentType?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...target.headers, Accept: 'application/json' };
    if (body) {
      headers['Content-Type'] = contentType ?? 'application/json';
      headers['Content-Length'] = String(body.length);
    }
    const req = http.request(
      { host: '127.0.0.1', port: target.port, method, path: pathname, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // Written in 64 kB pieces, as a browser's upload leaves, so a proxy that buffered would show it.
    if (body) {
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const piece = body.subarray(at, at + 64 * 1024);
          at += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    } else req.end();
  });
}

async function json<T>(target: Target, method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T> {
  const res = await send(target, method, pathname, body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
  if (res.status >= 300) throw new Error(`${method} ${pathname} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text) as T;
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The web app (with the sealed cookie) and the API (with its own login's cookies and XSRF token). */
export interface MixerTargets {
  bffCookie: string;
  apiCookie: string;
}

function targets(stack: Stack, logins: MixerTargets): { bff: Target; api: Target } {
  const origin = webUrl(stack.webPort);
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(logins.apiCookie)?.[1];
  if (!xsrf) throw new Error('the API login left no XSRF-TOKEN');
  return {
    bff: { port: stack.webPort, headers: { Host: new URL(origin).host, Origin: origin, Cookie: logins.bffCookie } },
    api: {
      port: stack.apiPort,
      headers: {
        Host: `127.0.0.1:${stack.apiPort}`,
        Cookie: logins.apiCookie,
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------

export async function measureUpload(stack: Stack, logins: MixerTargets): Promise<MixerMeasurement[]> {
  const { bff, api } = targets(stack, logins);
  const mp3 = makeMp3();
  const webPid = stack.web.child.pid;
  if (webPid === undefined) throw new Error('no web server pid');
  process.stdout.write(
    `upload: ${(mp3.length / MB).toFixed(1)} MB MP3, ${UPLOAD_RUNS} runs per target, interleaved…\n`,
  );

  const upload = async (target: Target, label: string): Promise<number> => {
    const { body, contentType } = multipart(
      { name: `Bench ${label}` },
      { field: 'file', name: 'bench.mp3', type: 'audio/mpeg', bytes: mp3 },
    );
    const t0 = performance.now();
    const res = await send(target, 'POST', '/api/spots', body, contentType);
    const ms = performance.now() - t0;
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`${label} upload answered ${res.status}: ${res.text.slice(0, 300)}`);
    const spot = JSON.parse(res.text) as { id: number };
    // Not kept: the next run starts from the same disk and database.
    await json(api, 'POST', `/api/spots/delete/${spot.id}`);
    return ms;
  };

  // Warm-up: the route handlers loaded, and the web server's heap grown to its working size (a fresh
  // process keeps the memory of its first few uploads' garbage: RSS then only says what was kept).
  for (let i = 0; i < 3; i++) await upload(bff, `warm-up BFF ${i + 1}`);
  await upload(api, 'warm-up API');
  await new Promise((r) => setTimeout(r, 500));

  const base = rssBytes(webPid);
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(webPid));
  }, 10);
  const viaBff: number[] = [];
  const direct: number[] = [];
  try {
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      const order = run % 2 === 0 ? (['bff', 'api'] as const) : (['api', 'bff'] as const);
      for (const which of order) {
        if (which === 'bff') viaBff.push(await upload(bff, `BFF ${run + 1}`));
        else direct.push(await upload(api, `API ${run + 1}`));
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const b = median(viaBff);
  const a = median(direct);
  const note = `median of ${UPLOAD_RUNS}, interleaved, POST /api/spots (name + 10 MB file), 64 kB writes`;
  return [
    { name: '10 MB MP3 upload via BFF', value: b, unit: 'ms', note },
    { name: '10 MB MP3 upload direct API', value: a, unit: 'ms', note },
    { name: 'upload time BFF ÷ direct', value: b / a, unit: '×', max: MIXER_BUDGETS.uploadRatio, note: 'medians' },
    {
      name: 'web server RSS growth during BFF uploads',
      value: (peak - base) / MB,
      unit: 'MB',
      max: MIXER_BUDGETS.uploadRssMb,
      note: `peak VmRSS (sampled every 10 ms) − before the first measured upload (${(base / MB).toFixed(0)} MB)`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------

export async function measureScreenHeap(stack: Stack, logins: MixerTargets): Promise<MixerMeasurement[]> {
  const { bff } = targets(stack, logins);
  const slideshow = await json<{ id: number; name: string }>(bff, 'POST', '/api/slideshows', {
    name: 'Bench slideshow',
  });
  const colours: [number, number, number][] = [
    [214, 48, 49],
    [39, 174, 96],
    [41, 98, 255],
  ];
  for (const [i, rgb] of colours.entries()) {
    const { body, contentType } = multipart(
      {},
      { field: 'file', name: `bench-${i}.png`, type: 'image/png', bytes: makePng(rgb, 640, 360) },
    );
    const res = await send(bff, 'POST', `/api/slideshows/${slideshow.id}/image`, body, contentType);
    if (res.status >= 300) throw new Error(`image upload answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  const full = await json<{ images: { id: number }[] }>(bff, 'GET', `/api/slideshows/${slideshow.id}`);
  await json(bff, 'POST', `/api/slideshows/${slideshow.id}`, {
    name: slideshow.name,
    images: full.images.map((image) => ({ id: image.id, seconds: 1 })),
  });
  const screen = await json<{ hash_id: string }>(bff, 'POST', '/api/screens', {
    name: 'Bench képernyő',
    slideshow_id: slideshow.id,
  });

  process.stdout.write(`screen page: JS heap after 10 and after ${SLIDE_CHANGES} slide changes (Playwright clock)…\n`);
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
    await page.goto(`${webUrl(stack.webPort)}/screen/${screen.hash_id}`, { waitUntil: 'load' });
    await page.locator('main img[data-front="true"]').waitFor();
    const cdp = await context.newCDPSession(page);
    const step = () => page.evaluate(() => Number(document.querySelector('main')?.getAttribute('data-step') ?? -1));
    let current = await step();
    const start = current;
    const turnTo = async (changes: number) => {
      while (current - start < changes) {
        await page.clock.runFor(1000);
        const deadline = Date.now() + 10_000;
        let next = await step();
        while (next <= current) {
          if (Date.now() > deadline) throw new Error(`the slide did not change after step ${current}`);
          next = await step();
        }
        current = next;
      }
    };
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize;
    };
    const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length);

    const t0 = performance.now();
    await turnTo(10);
    const early = await heap();
    const earlyNodes = await domNodes();
    await turnTo(SLIDE_CHANGES);
    const late = await heap();
    const lateNodes = await domNodes();
    const seconds = (performance.now() - t0) / 1000;
    return [
      { name: 'screen page JS heap after 10 slide changes', value: early / MB, unit: 'MB' },
      { name: `screen page JS heap after ${SLIDE_CHANGES} slide changes`, value: late / MB, unit: 'MB' },
      {
        name: `screen page JS heap growth (10 → ${SLIDE_CHANGES} slides)`,
        value: (late - early) / MB,
        unit: 'MB',
        max: MIXER_BUDGETS.screenHeapMb,
        note: `after a forced GC each; DOM elements ${earlyNodes} → ${lateNodes}; ${seconds.toFixed(0)} s of real time for ${SLIDE_CHANGES} s of slides`,
      },
    ];
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Loudness measuring (issue 28): what it costs an upload, and the API's event loop

export const LOUDNESS_BUDGETS = { uploadRatio: 1.3, eventLoopMs: 50 } as const;

/**
 * Step `loudness`: every upload is measured on a worker thread right after it is stored (its answer
 * does not wait for it). What measuring can cost is the upload that arrives while an earlier file is
 * being measured: the same 10 MB spot through the BFF, once while the API measures the previous one
 * ("measuring") and once with the API idle, every earlier measurement done ("measuring off" for that
 * upload; its own starts after its answer), interleaved, medians of BENCH_UPLOAD_RUNS. Meanwhile
 * `GET /health/live` is asked back to back on the API (a new connection each): the slowest answer
 * while files are measured and none is being received bounds the longest stretch the event loop was
 * held (budget 50 ms), beside the median answer as the floor.
 */
export async function measureLoudnessCost(stack: Stack, logins: MixerTargets): Promise<MixerMeasurement[]> {
  const { bff, api } = targets(stack, logins);
  const mp3 = makeMp3();
  process.stdout.write(
    `loudness: ${(mp3.length / MB).toFixed(1)} MB MP3, ${UPLOAD_RUNS} runs per mode, interleaved…\n`,
  );
  const made: number[] = [];
  /** Uploads under way: the probe's answers then say what receiving a file costs, not measuring. */
  let uploading = 0;
  const upload = async (label: string): Promise<{ ms: number; id: number }> => {
    const { body, contentType } = multipart(
      { name: `Bench ${label}` },
      { field: 'file', name: 'bench.mp3', type: 'audio/mpeg', bytes: mp3 },
    );
    uploading++;
    const t0 = performance.now();
    const res = await send(bff, 'POST', '/api/spots', body, contentType).finally(() => uploading--);
    const ms = performance.now() - t0;
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`${label} upload answered ${res.status}: ${res.text.slice(0, 300)}`);
    const id = (JSON.parse(res.text) as { id: number }).id;
    made.push(id);
    return { ms, id };
  };
  const measured = async (id: number, timeoutMs = 180_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const spots = await json<Array<{ id: number; loudness_lufs?: number | null }>>(api, 'GET', '/api/spots');
      const spot = spots.find((s) => s.id === id);
      if (typeof spot?.loudness_lufs === 'number') return;
      if (Date.now() > deadline) throw new Error(`spot ${id} was not measured within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // The event loop probe: one /health/live at a time, for as long as `probing`.
  const answers: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const quiet = uploading === 0;
      const t0 = performance.now();
      const res = await send(api, 'GET', '/health/live');
      if (res.status === 200 && quiet && uploading === 0) answers.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  const idle: number[] = [];
  const busy: number[] = [];
  try {
    // Warm-up: the route and the worker loaded.
    await measured((await upload('warm-up')).id);
    answers.length = 0;
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      const order = run % 2 === 0 ? (['idle', 'busy'] as const) : (['busy', 'idle'] as const);
      for (const mode of order) {
        if (mode === 'idle') {
          const { ms, id } = await upload(`idle ${run + 1}`);
          idle.push(ms);
          await measured(id);
        } else {
          const first = await upload(`busy ${run + 1}a`);
          const { ms, id } = await upload(`busy ${run + 1}b`);
          busy.push(ms);
          await measured(first.id);
          await measured(id);
        }
      }
    }
  } finally {
    probing = false;
    await probe;
    for (const id of made) await json(api, 'POST', `/api/spots/delete/${id}`).catch(() => undefined);
  }
  const b = median(busy);
  const i = median(idle);
  const note = `median of ${UPLOAD_RUNS}, interleaved, POST /api/spots through the BFF (10 MB file)`;
  return [
    { name: 'upload while a file is measured', value: b, unit: 'ms', note },
    { name: 'upload with nothing measured', value: i, unit: 'ms', note },
    { name: 'upload measuring ÷ not', value: b / i, unit: '×', max: LOUDNESS_BUDGETS.uploadRatio, note: 'medians' },
    {
      name: 'API event loop held while measuring (slowest /health/live)',
      value: Math.max(...answers),
      unit: 'ms',
      max: LOUDNESS_BUDGETS.eventLoopMs,
      note: `${answers.length} answers, median ${median(answers).toFixed(1)} ms`,
    },
  ];
}
