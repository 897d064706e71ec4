/**
 * What the shop hears, told on a remote (part of `npm run bench`, step `output-state`): a Chromium page
 * is the audio device of channel 1 and another page, a second login, is a remote on /channels. The
 * device's music is held still under it (its element's rate set to 0, as a stream that stops would): after
 * 5 s without progress the device reports `stalled`; the music is started again and it reports `audible`.
 * Timed per change, both clocks being this machine's: from the moment the device's report
 * (`POST /api/players/{id}/output`) leaves the page until the remote's bar shows it ('A zene elakadt a
 * zenét szóló eszközön.' appears or goes). The 5 s of the stall rule are the rule, not the latency.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { newContext, remoteOf } from './pages';

export interface OutputStateMeasurement {
  name: string;
  value: number;
  unit: 'ms';
  max?: number;
  note?: string;
}

export const OUTPUT_STATE_BUDGET_MS = 2_000;

/** Changes timed (half stalled, half audible); BENCH_OUTPUT_CHANGES changes it. */
const CHANGES = Number(process.env.BENCH_OUTPUT_CHANGES ?? 20);
const STALLED = 'A zene elakadt a zenét szóló eszközön.';

interface Seen {
  state: string;
  at: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** In the device's page: when each output report leaves it. */
function recordReports(): void {
  const w = window as unknown as { __reports: Seen[] };
  w.__reports = [];
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/api\/players\/\d+\/output$/.test(url) && typeof init?.body === 'string') {
      w.__reports.push({ state: (JSON.parse(init.body) as { state: string }).state, at: Date.now() });
    }
    return original(input, init);
  };
}

/**
 * In the remote's page: when the bar starts and stops saying the music is stalled. No named function
 * inside (`const check = () => …`): tsx compiles it with esbuild's `__name` helper, which the page does
 * not have, so the init script threw before observing anything and the step waited in vain.
 */
function recordShown(text: string): void {
  const w = window as unknown as { __shown: Seen[]; __stalledShown: boolean };
  w.__shown = [];
  w.__stalledShown = false;
  new MutationObserver(() => {
    const now = [...document.querySelectorAll('section[aria-label="Lejátszó"] p')].some((p) => p.textContent === text);
    if (now === w.__stalledShown) return;
    w.__stalledShown = now;
    w.__shown.push({ state: now ? 'stalled' : 'audible', at: Date.now() });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function waitFor(page: Page, list: '__reports' | '__shown', state: string, count: number): Promise<Seen> {
  const handle = await page.waitForFunction(
    ({ list, state, count }) => {
      const seen = (window as unknown as Record<string, Seen[]>)[list]!.filter((s) => s.state === state);
      return seen.length >= count ? seen[count - 1] : null;
    },
    { list, state, count },
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as Seen;
}

export async function measureOutputState(
  stack: Stack,
  login: () => Promise<string>,
): Promise<OutputStateMeasurement[]> {
  const deviceCookie = await login();
  const remoteCookie = await login();
  const remoteCall = remoteOf(stack, remoteCookie);
  const [player] = await remoteCall<{ id: number; is_playing: boolean }[]>('GET', '/api/players');
  if (!player) throw new Error('no player for the demo customer');
  // Paused, so that the device's press takes the audio output.
  if (player.is_playing) await remoteCall('GET', `/api/players/${player.id}/toggle-play`);

  process.stdout.write(`output-state: ${CHANGES} changes of the audio device's output → a remote's bar…\n`);
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const url = webUrl(stack.webPort);
    const deviceContext = await newContext(browser, url, deviceCookie);
    await deviceContext.addInitScript(recordReports);
    const device = await deviceContext.newPage();
    await device.goto(`${url}/channels/1`, { waitUntil: 'load' });
    await device.locator('[data-connection="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
    await device.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await waitFor(device, '__reports', 'audible', 1);

    const remoteContext = await newContext(browser, url, remoteCookie);
    await remoteContext.addInitScript(recordShown, STALLED);
    const remote = await remoteContext.newPage();
    await remote.goto(`${url}/channels`, { waitUntil: 'load' });
    await remote.locator('[data-connection="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
    await remote
      .getByRole('region', { name: 'Lejátszó' })
      .getByRole('button', { name: 'Szünet', exact: true })
      .waitFor({ timeout: 30_000 });

    const latencies: number[] = [];
    for (let i = 1; i <= Math.ceil(CHANGES / 2); i += 1) {
      // Rate 0 holds the time still without pausing the element (which the engine would start again).
      await device.evaluate(() => {
        document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!.playbackRate = 0;
      });
      const stalled = await waitFor(device, '__reports', 'stalled', i);
      latencies.push((await waitFor(remote, '__shown', 'stalled', i)).at - stalled.at);
      await device.evaluate(() => {
        document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!.playbackRate = 1;
      });
      const audible = await waitFor(device, '__reports', 'audible', i + 1);
      latencies.push((await waitFor(remote, '__shown', 'audible', i)).at - audible.at);
    }
    await remoteCall('GET', `/api/players/${player.id}/toggle-play`).catch(() => {});
    return [
      {
        name: 'output state change on the audio device → shown on a remote (p95)',
        value: percentile(latencies, 95),
        unit: 'ms',
        max: OUTPUT_STATE_BUDGET_MS,
        note: `p50 ${percentile(latencies, 50)} ms, ${latencies.length} changes (stalled and audible)`,
      },
    ];
  } finally {
    await browser.close();
  }
}
