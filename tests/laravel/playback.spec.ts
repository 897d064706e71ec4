import { expect, test, type Page } from '@playwright/test';
import type { Paginator, Player, Track } from '../../contracts';
import { browserGet, logIn } from '../e2e/support/auth';
import { audioState, bar, expectTimeAdvances, playChannel, releasePlayer, serverPlayer } from '../e2e/player/support';
import { LARAVEL } from './support/peer';

/**
 * Issue 28: a Laravel API sends no loudness figures and serves its media without CORS, so the audio
 * device plays it through the plain audio element, as before the Web Audio graph existed. Routed
 * through the graph, media without CORS would play as silence; loaded with `crossorigin` it would not
 * load at all. The page counts every element handed to Web Audio (an init script wraps
 * `createMediaElementSource`), so the check does not rest on the app's own account.
 */
test.describe.configure({ timeout: 60_000 });

const PEER_ORIGIN = `http://127.0.0.1:${LARAVEL.peerPort}`;
/** Not the channel the peer's player starts with: pressing play on it sets the playable. */
const CHANNEL = 2;

type Counted = { __mediaSources?: number };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as Counted;
    w.__mediaSources = 0;
    const original = AudioContext.prototype.createMediaElementSource;
    AudioContext.prototype.createMediaElementSource = function (this: AudioContext, element: HTMLMediaElement) {
      w.__mediaSources = (w.__mediaSources ?? 0) + 1;
      return original.call(this, element);
    };
  });
});

// Paused and logged out: the next test's login is free to take the music (a live login keeps it).
test.afterEach(async ({ page }) => releasePlayer(page, { socket: false }));

async function channelTracks(page: Page, channelId: number): Promise<Track[]> {
  const { status, body } = await browserGet(page, `/api/channels/${channelId}/tracks/1`);
  expect(status).toBe(200);
  return (body as Paginator<Track>).data;
}

/** The page's Web Audio: elements routed through it, the app's graph, and the music element's CORS mode. */
const webAudio = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
    return {
      sources: (window as Counted).__mediaSources ?? -1,
      graph: '__pulzusAudioGraph' in window,
      crossOrigin: element ? element.crossOrigin : 'no element',
    };
  });

test("play on a channel sounds through the plain audio element with the peer's media, and a track's end goes to the next", async ({
  page,
}) => {
  await logIn(page);
  const tracks = await channelTracks(page, CHANNEL);
  expect(tracks.length, 'the channel has tracks to go on to').toBeGreaterThan(1);
  const setPlayable = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith(`/playable/channel/${CHANNEL}`) && r.request().method() === 'POST',
  );
  await playChannel(page, CHANNEL);
  expect((await setPlayable).status()).toBe(200);

  const player: Player = await serverPlayer(page);
  expect(player).toMatchObject({ is_playing: true, playable: { id: CHANNEL }, track: { id: tracks[0]!.id } });
  // Nothing in the answer asks for the graph: no version, no loudness.
  expect(player.version).toBeUndefined();
  expect(player.track!.loudness_lufs).toBeUndefined();

  // The element plays the peer's file itself: its own URL, time running, not paused.
  const audio = await audioState(page);
  const src = new URL(audio.src);
  expect(src.origin).toBe(PEER_ORIGIN);
  expect(src.pathname).toBe(`/media/tracks/${tracks[0]!.id}`);
  expect(audio.paused).toBe(false);
  await expectTimeAdvances(page);
  // Media without CORS: a CORS read of the same URL is refused (the peer sends no Access-Control-Allow-Origin).
  const read = await page.evaluate(
    (url) =>
      fetch(url).then(
        () => 'read',
        () => 'refused',
      ),
    audio.src,
  );
  expect(read).toBe('refused');
  expect(await webAudio(page)).toEqual({ sources: 0, graph: false, crossOrigin: null });

  // Near the end of the track (the seek line, as a manager would): its end asks for the next one.
  const duration = tracks[0]!.duration;
  await bar(page)
    .getByRole('slider', { name: 'Tekerés' })
    .fill(String(duration - 2));
  const next = tracks[1]!;
  await expect.poll(async () => (await serverPlayer(page)).track?.id, { timeout: 15_000 }).toBe(next.id);
  await expect
    .poll(async () => new URL((await audioState(page)).src || 'http://x/').pathname, { timeout: 10_000 })
    .toBe(`/media/tracks/${next.id}`);
  expect((await audioState(page)).paused).toBe(false);
  await expectTimeAdvances(page);
  await expect(bar(page).getByText(next.title!, { exact: true })).toBeVisible();
  expect(await webAudio(page)).toEqual({ sources: 0, graph: false, crossOrigin: null });
});
