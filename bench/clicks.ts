/**
 * Every click on a weak PC (the `clicks` step of `npm run bench`, BENCH_STEPS=clicks runs it alone),
 * at 4× CPU throttling in Chromium, medians of BENCH_CLICK_ROUNDS interleaved rounds (default 15),
 * each judged against a peer measured in the same run:
 *
 *   navigation  a sidebar or mixer-tab link click → the new page's heading AND its first real row or
 *               tile painted, against the floor app's own navigation between two dynamic pages
 *               through next/link (bench/floor/app/nav): ≤ floor + 150 ms
 *   dialogs     the first open of each dialog, clicked 500 ms after its page's heading painted,
 *               against the same dialog's second open: ≤ 1.25 × second + 30 ms
 *   presses     a press → the page shows its result (the bar's play/pause and next, a favourite, a
 *               tab, a sort, a playlist's tick, a schedule's switch), against the floor's counter
 *               button: ≤ floor + 120 ms
 *
 * A time runs from the click event's own timestamp (Playwright's actionability checks before it do
 * not count) to the first animation frame in which the result is in the document: the frame that
 * paints it. Elements that matched before the click are marked and never count as the result.
 *
 * Every round runs in a browser of its own (each part in a fresh context of it), so one round's crash
 * ("browser has been closed") cannot end the step: a round that throws is run once more in a new
 * browser, and the step reports how many rounds were retried and lost (a round that fails twice is
 * left out of the medians).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { ensureFloorBuild, startFloor } from './floor';
import { bffGet, CPU_THROTTLING, newContext, type PageMeasurement } from './pages';

export const CLICK_ROUNDS = Math.max(1, Number(process.env.BENCH_CLICK_ROUNDS || 15));
/** BENCH_CLICK_PARTS=nav,dialogs,presses picks the parts measured (default: all three). */
const CLICK_PARTS = new Set(
  (process.env.BENCH_CLICK_PARTS || 'nav,dialogs,presses')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
export const CLICK_BUDGETS = {
  /** navigation ≤ floor navigation + navSlackMs */
  navSlackMs: 150,
  /** first dialog open ≤ dialogRatio × second + dialogSlackMs */
  dialogRatio: 1.25,
  dialogSlackMs: 30,
  /** press ≤ floor counter + pressSlackMs */
  pressSlackMs: 120,
} as const;
/** Before each click the page is left alone this long (idle work such as prefetching may run). */
const IDLE_BEFORE_CLICK_MS = 1_000;
/** The rule for dialogs: the first click 500 ms after the page's heading painted. */
const DIALOG_AFTER_HEADING_MS = 500;
const WAIT_MS = 30_000;

interface Watch {
  /** The heading the result must show (exact text of an h1), if any. */
  heading?: string;
  /** A selector that must match an element that was not there before the click. */
  fresh?: string;
  /** An element matching this selector must be present (old or new). */
  present?: string;
  /** An element matching this selector must carry this attribute value. */
  attribute?: { selector: string; name: string; value: string };
  /** The first element matching this selector must carry another value of this attribute than `from`. */
  changed?: { selector: string; name: string; from: string | null };
}

/** In the page: marks what matches now, then resolves with click → first frame showing the result. */
function armWatch(watch: Watch): void {
  const w = window as unknown as { __click?: Promise<number> };
  if (watch.fresh) for (const el of document.querySelectorAll(watch.fresh)) el.setAttribute('data-bench-old', '');
  w.__click = new Promise<number>((resolve) => {
    let t0: number | null = null;
    const onClick = (e: Event) => {
      t0 = e.timeStamp;
      document.removeEventListener('click', onClick, true);
    };
    document.addEventListener('click', onClick, true);
    const shown = () => {
      if (watch.heading && ![...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === watch.heading))
        return false;
      if (watch.fresh && !document.querySelector(`${watch.fresh}:not([data-bench-old])`)) return false;
      if (watch.present && !document.querySelector(watch.present)) return false;
      if (watch.attribute) {
        const el = document.querySelector(watch.attribute.selector);
        if (el?.getAttribute(watch.attribute.name) !== watch.attribute.value) return false;
      }
      if (watch.changed) {
        const el = document.querySelector(watch.changed.selector);
        if (!el || el.getAttribute(watch.changed.name) === watch.changed.from) return false;
      }
      return true;
    };
    // Checked at each frame's start, before it paints: the time is taken there (the frame's own
    // timestamp may precede the click's handling within it).
    const frame = () => {
      if (t0 !== null && shown()) resolve(performance.now() - t0);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function timedClick(page: Page, click: () => Promise<void>, watch: Watch): Promise<number> {
  await page.evaluate(armWatch, watch);
  await click();
  return page.evaluate(
    (limit) =>
      Promise.race([
        (window as unknown as { __click: Promise<number> }).__click,
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no result in time')), limit)),
      ]),
    WAIT_MS,
  );
}

async function throttled(context: BrowserContext, page: Page): Promise<void> {
  // The bench runs under tsx, which names inner functions through esbuild's `__name` helper: the
  // page gets a no-op one, so functions passed to page.evaluate run there as written.
  await page.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
}

async function headingShown(page: Page, heading: string, content?: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: WAIT_MS });
  if (content) await page.locator(content).first().waitFor({ timeout: WAIT_MS });
}

// ---------------------------------------------------------------------------------------------------
// What is clicked

interface NavTarget {
  label: string;
  /** The link's accessible name, in the sidebar or the mixer's tab row. */
  link: string;
  scope: 'sidebar' | 'tabs';
  heading: string;
  content: string;
}

const TABLE_ROW = 'main tbody tr';
const NAV_TARGETS: NavTarget[] = [
  { label: 'Saját listák', link: 'Saját listák', scope: 'sidebar', heading: 'Saját listák', content: 'main article' },
  {
    label: 'Keverőpult',
    link: 'Keverőpult',
    scope: 'sidebar',
    heading: 'Ütemezett tartalmak',
    content: TABLE_ROW,
  },
  { label: 'Útmutató', link: 'Útmutató', scope: 'sidebar', heading: 'Útmutató', content: 'main li button' },
  { label: 'Csatornák', link: 'Csatornák', scope: 'sidebar', heading: 'Csatornák', content: 'main article' },
];
const TAB_TARGETS: NavTarget[] = [
  { label: 'Szpotok', link: 'Szpotok', scope: 'tabs', heading: 'Reklám szpotok', content: TABLE_ROW },
  { label: 'Slideshowk', link: 'Slideshowk', scope: 'tabs', heading: 'Slideshowk', content: TABLE_ROW },
  { label: 'Képernyők', link: 'Képernyők', scope: 'tabs', heading: 'Képernyők', content: TABLE_ROW },
  { label: 'Hangtár', link: 'Hangtár', scope: 'tabs', heading: 'Hangtár', content: TABLE_ROW },
  {
    label: 'Zenei napirend',
    link: 'Zenei napirend',
    scope: 'tabs',
    heading: 'Zenei napirend',
    content: 'main button[data-size]',
  },
  { label: 'Ütemezés', link: 'Ütemezés', scope: 'tabs', heading: 'Ütemezett tartalmak', content: TABLE_ROW },
];

interface DialogTarget {
  label: string;
  path: string;
  heading: string;
  content: string;
  /** The trigger's accessible name (a button); a RegExp picks the first match. */
  trigger: string | RegExp;
}

/** A channel's track row's button that opens the one playlist dialog with the track's ticks. */
const ADD_TO_LIST = / hozzáadása lejátszási listához$/;

/** The demo channel the add-to-list dialog, the favourite and the tick are measured on. */
interface DemoChannel {
  id: number;
  name: string;
}

const addToListTarget = (channel: DemoChannel): DialogTarget => ({
  label: 'add-to-list',
  path: `/channels/${channel.id}`,
  heading: channel.name,
  content: 'main button[aria-label$=" hozzáadása lejátszási listához"]',
  trigger: ADD_TO_LIST,
});

const DIALOG_TARGETS: DialogTarget[] = [
  { label: 'playlist', path: '/playlists', heading: 'Saját listák', content: 'main article', trigger: 'Új lista' },
  {
    label: 'spot',
    path: '/mixer/spots',
    heading: 'Reklám szpotok',
    content: TABLE_ROW,
    trigger: 'Új szpot feltöltése',
  },
  { label: 'sound', path: '/mixer/soundboard', heading: 'Hangtár', content: TABLE_ROW, trigger: 'Új hang feltöltése' },
  { label: 'slideshow', path: '/mixer/slideshows', heading: 'Slideshowk', content: TABLE_ROW, trigger: 'Új slideshow' },
  { label: 'screen', path: '/mixer/screens', heading: 'Képernyők', content: TABLE_ROW, trigger: 'Új képernyő' },
  {
    label: 'scheduler',
    path: '/mixer/scheduler',
    heading: 'Ütemezett tartalmak',
    content: TABLE_ROW,
    trigger: 'Új ütemezés',
  },
  {
    label: 'music plan',
    path: '/mixer/plan',
    heading: 'Zenei napirend',
    content: 'main button[data-size]',
    trigger: 'Új idősáv',
  },
  { label: 'confirm', path: '/mixer/spots', heading: 'Reklám szpotok', content: TABLE_ROW, trigger: /^Törlés: / },
];

// ---------------------------------------------------------------------------------------------------
// Runs

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The floor: /nav/1 → /nav/2 → /nav/1 through next/link, and its counter button. */
async function floorRun(browser: Browser, floorUrl: string): Promise<{ nav: number[]; counter: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await throttled(context, page);
    await page.goto(`${floorUrl}nav/1`);
    await headingShown(page, 'Lap 1', 'main li');
    const nav: number[] = [];
    for (const to of [2, 1]) {
      await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
      nav.push(
        await timedClick(page, () => page.getByRole('link', { name: `Lap ${to}`, exact: true }).click(), {
          heading: `Lap ${to}`,
          fresh: 'main li',
        }),
      );
    }
    const counter: number[] = [];
    for (let i = 0; i < 2; i++) {
      await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
      const button = page.locator('main button.counter');
      counter.push(
        await timedClick(page, () => button.click(), {
          changed: {
            selector: 'main button.counter',
            name: 'data-count',
            from: await button.getAttribute('data-count'),
          },
        }),
      );
    }
    return { nav, counter };
  } finally {
    await context.close();
  }
}

/** One cold load of /channels, then every sidebar link; one of /mixer/scheduler, then every tab. */
async function navRun(browser: Browser, base: string, cookie: string, round: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [start, heading, content, targets] of [
    ['/channels', 'Csatornák', 'main article', NAV_TARGETS],
    ['/mixer/scheduler', 'Ütemezett tartalmak', TABLE_ROW, TAB_TARGETS],
  ] as const) {
    const context = await newContext(browser, base, cookie);
    try {
      const page = await context.newPage();
      await throttled(context, page);
      await page.goto(`${base}${start}`);
      await headingShown(page, heading, content);
      // Rotated per round, so no destination is always the first or last click.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      let current: string = heading;
      for (const t of order) {
        if (t.heading === current) continue;
        await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
        const link = page.getByRole('link', { name: t.link, exact: true }).first();
        out.set(t.label, await timedClick(page, () => link.click(), { heading: t.heading, fresh: t.content }));
        current = t.heading;
      }
    } finally {
      await context.close();
    }
  }
  return out;
}

/** Each dialog on a fresh load of its page: the first open, then (after Escape) the second. */
async function dialogRun(
  browser: Browser,
  base: string,
  cookie: string,
  target: DialogTarget,
): Promise<{ first: number; second: number }> {
  const context = await newContext(browser, base, cookie);
  try {
    const page = await context.newPage();
    await throttled(context, page);
    await page.goto(`${base}${target.path}`);
    await page.getByRole('heading', { level: 1, name: target.heading, exact: true }).waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(DIALOG_AFTER_HEADING_MS);
    await page.locator(target.content).first().waitFor({ timeout: WAIT_MS });
    const trigger = page
      .getByRole('button', { name: target.trigger, exact: typeof target.trigger === 'string' })
      .first();
    const open = () => timedClick(page, () => trigger.click(), { fresh: '[role="dialog"], [role="alertdialog"]' });
    const first = await open();
    await page.keyboard.press('Escape');
    await page
      .locator('[role="dialog"], [role="alertdialog"]')
      .first()
      .waitFor({ state: 'detached', timeout: WAIT_MS });
    await page.waitForTimeout(DIALOG_AFTER_HEADING_MS);
    const second = await open();
    await page.keyboard.press('Escape');
    return { first, second };
  } finally {
    await context.close();
  }
}

/**
 * Presses whose result the page shows: a tab, the bar's pause, play and next, a favourite, a playlist's
 * tick, a sort, a schedule's switch.
 */
async function pressRun(
  browser: Browser,
  base: string,
  cookie: string,
  channel: DemoChannel,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const context = await newContext(browser, base, cookie);
  try {
    const page = await context.newPage();
    await throttled(context, page);

    await page.goto(`${base}/channels`);
    await headingShown(page, 'Csatornák', 'main article');
    await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
    const tabs = page.locator('main [role="tab"][aria-selected="false"]');
    if (await tabs.count()) {
      const tab = tabs.first();
      await tab.evaluate((el) => el.setAttribute('data-bench-tab', ''));
      out.set(
        'tab switch',
        await timedClick(page, () => tab.click(), {
          attribute: { selector: '[data-bench-tab]', name: 'aria-selected', value: 'true' },
        }),
      );
    }

    // The bar: a channel started from its tile (not timed), then pause, play and next, each until the
    // bar shows its new state (the play button's label; for next, the track's title).
    await page
      .getByRole('button', { name: / lejátszása$/ })
      .first()
      .click();
    const bar = page.getByRole('region', { name: 'Lejátszó', exact: true });
    await bar.getByRole('button', { name: 'Szünet', exact: true }).waitFor({ timeout: WAIT_MS });
    const barButton = bar.locator('[aria-label="Lejátszás"], [aria-label="Szünet"]').first();
    await barButton.evaluate((el) => el.setAttribute('data-bench-bar', ''));
    const press = async (label: string, click: () => Promise<void>, watch: Watch) => {
      await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
      out.set(
        label,
        await timedClick(page, click, watch).catch((err: unknown) => {
          console.log(`[bench] press ${label}: ${err instanceof Error ? err.message : String(err)}`);
          return NaN;
        }),
      );
    };
    await press('pause', () => barButton.click(), {
      attribute: { selector: '[data-bench-bar]', name: 'aria-label', value: 'Lejátszás' },
    });
    await press('play', () => barButton.click(), {
      attribute: { selector: '[data-bench-bar]', name: 'aria-label', value: 'Szünet' },
    });
    const titleSelector = 'section[aria-label="Lejátszó"] p[class*="_title"]';
    const title = await page.locator(titleSelector).first().getAttribute('title');
    await press('next', () => bar.getByRole('button', { name: 'Következő szám', exact: true }).click(), {
      changed: { selector: titleSelector, name: 'title', from: title },
    });
    await barButton.click();

    // A channel's favourite (aria-pressed), then a track's tick in the playlist dialog (its row's class).
    await page.goto(`${base}/channels/${channel.id}`);
    await headingShown(page, channel.name, 'main button[aria-label$=" hozzáadása lejátszási listához"]');
    const heart = page.locator('main button[aria-label="Kedvenc"][aria-pressed]').first();
    await heart.evaluate((el) => el.setAttribute('data-bench-heart', ''));
    const pressed = await heart.getAttribute('aria-pressed');
    await press('favourite', () => heart.click(), {
      attribute: { selector: '[data-bench-heart]', name: 'aria-pressed', value: pressed === 'true' ? 'false' : 'true' },
    });
    // Back as it was, once the server's answer is in.
    await page
      .locator(`[data-bench-heart][aria-pressed="${pressed === 'true' ? 'false' : 'true'}"]:not([aria-busy])`)
      .waitFor({ timeout: WAIT_MS });
    await heart.click();
    await page.locator(`[data-bench-heart][aria-pressed="${pressed}"]:not([aria-busy])`).waitFor({ timeout: WAIT_MS });

    await page.getByRole('button', { name: ADD_TO_LIST }).first().click();
    const dialog = page.getByRole('dialog');
    const tick = dialog.locator('label:has(input[type="checkbox"])').first();
    await tick.waitFor({ timeout: WAIT_MS });
    await tick.evaluate((el) => el.setAttribute('data-bench-tick', ''));
    const box = tick.locator('input[type="checkbox"]');
    const ticked = await box.isChecked();
    await press('playlist tick', () => tick.click(), {
      changed: { selector: '[data-bench-tick]', name: 'class', from: await tick.getAttribute('class') },
    });
    // Back as it was, once the server's answer is in.
    await box.and(page.locator(':enabled')).waitFor({ timeout: WAIT_MS });
    await tick.click();
    await box.and(page.locator(ticked ? ':checked:enabled' : ':not(:checked):enabled')).waitFor({ timeout: WAIT_MS });
    await page.keyboard.press('Escape');

    await page.goto(`${base}/mixer/spots`);
    await headingShown(page, 'Reklám szpotok', TABLE_ROW);
    await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
    const sortHeader = page.getByRole('button', { name: 'Szpot neve', exact: true });
    const th = page.locator('main th', { has: sortHeader });
    await th.evaluate((el) => el.setAttribute('data-bench-sort', ''));
    out.set(
      'sort change',
      await timedClick(page, () => sortHeader.click(), {
        changed: { selector: '[data-bench-sort]', name: 'aria-sort', from: await th.getAttribute('aria-sort') },
      }),
    );

    await page.goto(`${base}/mixer/scheduler`);
    await headingShown(page, 'Ütemezett tartalmak', TABLE_ROW);
    await page.waitForTimeout(IDLE_BEFORE_CLICK_MS);
    const toggle = page.locator(`${TABLE_ROW} [role="switch"]`).first();
    if (await toggle.count()) {
      const checked = await toggle.getAttribute('aria-checked');
      await toggle.evaluate((el) => el.setAttribute('data-bench-switch', ''));
      out.set(
        'schedule switch',
        await timedClick(page, () => toggle.click(), {
          attribute: {
            selector: '[data-bench-switch]',
            name: 'aria-checked',
            value: checked === 'true' ? 'false' : 'true',
          },
        }),
      );
      // Back as it was, so the next round starts alike.
      await toggle.click();
    }
  } finally {
    await context.close();
  }
  return out;
}

export async function measureClicks(stack: Stack, login: () => Promise<string>): Promise<PageMeasurement[]> {
  const cookie = await login();
  const channels = await bffGet<(DemoChannel & { tracks_count: number })[]>(stack, cookie, '/api/channels');
  const withTracks = channels.find((c) => c.tracks_count > 0);
  if (!withTracks) throw new Error('the demo data has no channel with tracks');
  const channel: DemoChannel = { id: withTracks.id, name: withTracks.name };
  const dialogTargets = [...DIALOG_TARGETS, addToListTarget(channel)];
  const log = (line: string) => console.log(`[bench] ${line}`);
  await ensureFloorBuild(log);
  const floor = await startFloor(Number(process.env.BENCH_FLOOR_PORT || stack.webPort + 100), log);
  const base = webUrl(stack.webPort);
  const floorNav: number[] = [];
  const floorCounter: number[] = [];
  const nav = new Map<string, number[]>();
  const dialogs = new Map<string, { first: number[]; second: number[] }>();
  const presses = new Map<string, number[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  /** One round in a browser of its own, closed after it whatever happened. */
  const runRound = async (round: number) => {
    const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
    try {
      const f = await floorRun(browser, floor.url);
      const n = CLICK_PARTS.has('nav') ? await navRun(browser, base, cookie, Math.max(0, round)) : new Map();
      const d = new Map<string, { first: number; second: number }>();
      for (const t of CLICK_PARTS.has('dialogs') ? dialogTargets : []) {
        d.set(
          t.label,
          await dialogRun(browser, base, cookie, t).catch((err: unknown) => {
            // A browser that died takes the round with it (retried below); any other miss is this dialog's.
            if (!browser.isConnected()) throw err;
            log(`dialog ${t.label}: ${err instanceof Error ? err.message : String(err)}`);
            return { first: NaN, second: NaN };
          }),
        );
      }
      const p = CLICK_PARTS.has('presses') ? await pressRun(browser, base, cookie, channel) : new Map();
      return { f, n, d, p };
    } finally {
      await browser.close().catch(() => undefined);
    }
  };
  const retried: string[] = [];
  const lost: string[] = [];
  try {
    process.stdout.write(`clicks: 1 warm-up + ${CLICK_ROUNDS} rounds at ${CPU_THROTTLING}× CPU, a browser each…\n`);
    const started = Date.now();
    for (let round = -1; round < CLICK_ROUNDS; round++) {
      const name = round < 0 ? 'warm-up' : `${round + 1}/${CLICK_ROUNDS}`;
      let result: Awaited<ReturnType<typeof runRound>> | null = null;
      try {
        result = await runRound(round);
      } catch (err) {
        const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
        retried.push(`${name}: ${why}`);
        process.stdout.write(`  round ${name} crashed (${why}); once more in a new browser\n`);
        try {
          result = await runRound(round);
        } catch (again) {
          const whyAgain = again instanceof Error ? again.message.split('\n')[0] : String(again);
          lost.push(`${name}: ${whyAgain}`);
          process.stdout.write(`  round ${name} crashed again (${whyAgain}); left out\n`);
        }
      }
      if (round < 0 || !result) continue;
      const { f, n, d, p } = result;
      floorNav.push(...f.nav);
      floorCounter.push(...f.counter);
      for (const [k, v] of n) push(nav, k, v);
      for (const [k, v] of d) {
        const entry = dialogs.get(k) ?? { first: [], second: [] };
        entry.first.push(v.first);
        entry.second.push(v.second);
        dialogs.set(k, entry);
      }
      for (const [k, v] of p) push(presses, k, v);
      process.stdout.write(`  round ${name} (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
  } finally {
    await floor.stop();
  }
  if (retried.length) log(`clicks: rounds retried: ${retried.join('; ')}`);
  if (lost.length) log(`clicks: rounds lost: ${lost.join('; ')}`);

  const ok = (values: number[]) => values.filter((v) => Number.isFinite(v));
  const out: PageMeasurement[] = [
    {
      name: 'clicks: rounds retried after a crash',
      value: retried.length,
      unit: 'count',
      note: retried.length ? retried.join('; ').slice(0, 500) : 'none',
    },
    {
      name: 'clicks: rounds lost (crashed twice)',
      value: lost.length,
      unit: 'count',
      max: 0,
      note: lost.length ? lost.join('; ').slice(0, 500) : `all ${CLICK_ROUNDS} rounds counted`,
    },
  ];
  const floorNavMs = median(floorNav);
  const floorPressMs = median(floorCounter);
  out.push({ name: 'clicks: floor navigation (next/link)', value: floorNavMs, unit: 'ms' });
  for (const [label, values] of nav) {
    out.push({
      name: `clicks: navigation → ${label}`,
      value: median(ok(values)),
      unit: 'ms',
      max: Math.round(floorNavMs + CLICK_BUDGETS.navSlackMs),
      note: `floor ${Math.round(floorNavMs)} ms + ${CLICK_BUDGETS.navSlackMs}`,
    });
  }
  for (const [label, { first, second }] of dialogs) {
    const secondMs = median(ok(second));
    out.push({
      name: `clicks: first open of the ${label} dialog`,
      value: median(ok(first)),
      unit: 'ms',
      max: Math.round(CLICK_BUDGETS.dialogRatio * secondMs + CLICK_BUDGETS.dialogSlackMs),
      note: `second open ${Math.round(secondMs)} ms`,
    });
  }
  if (CLICK_PARTS.has('presses')) out.push({ name: 'clicks: floor counter press', value: floorPressMs, unit: 'ms' });
  for (const [label, values] of presses) {
    out.push({
      name: `clicks: press → ${label}`,
      value: median(ok(values)),
      unit: 'ms',
      max: Math.round(floorPressMs + CLICK_BUDGETS.pressSlackMs),
      note: `floor ${Math.round(floorPressMs)} ms + ${CLICK_BUDGETS.pressSlackMs}`,
    });
  }
  return out;
}
