/** @jest-environment node */
import type { Channel } from '@/contracts';
import { FAVORITE_CHANNELS_KEY, channelKey, checkFavoriteKey } from '@/lib/api/channels';
import { playLogKey, spotCountsKey } from '@/lib/api/play-log';
import { MUSIC_BLOCKS_KEY, MUSIC_PLAN_KEY } from '@/lib/api/music-plan';
import { PLAYLISTS_KEY, playlistKey } from '@/lib/api/playlists';
import { SCHEDULED_CONTENTS_KEY, SCHEDULE_PREVIEW_KEY } from '@/lib/api/scheduled-contents';
import { SCREENS_KEY } from '@/lib/api/screens';
import { SETTINGS_KEY } from '@/lib/api/settings';
import { BLOCKED_TRACKS_KEY } from '@/lib/api/blocked-tracks';
import { OPENING_HOURS_KEY } from '@/lib/api/opening-hours';
import { SLIDESHOWS_KEY } from '@/lib/api/slideshows';
import { SOUNDS_KEY } from '@/lib/api/sounds';
import { SPOTS_KEY } from '@/lib/api/spots';
import { TUTORIALS_KEY } from '@/lib/api/tutorials';
import { CUSTOMER_KEY } from '@/lib/api/use-customer';
import { ME_KEY } from '@/lib/api/use-me';
import { ZONES_KEY } from '@/lib/api/zones';
import { SEEDED_AT_KEY } from '@/lib/api/seed-time';
import { toChannelCard } from '@/lib/channels/catalogue';
import type { PlayLogFilter } from '@/lib/mixer/play-log';
import * as server from '@/lib/server';

/*
 * The server render seeds SWR under the path it read, and a browser hook finds that data only when its
 * key is the very same string: else the page fetches everything again on hydration. The keys live
 * beside their hooks (lib/api) and the paths in lib/server, so this test holds the two together. The
 * transport under the page reads is replaced: each path answers `{ path }` unless set otherwise, so a
 * fallback entry shows which path filled it.
 */
const mockAnswers = new Map<string, unknown>();
/** The paths asked, in order, and answers held back until a condition (a read's waterfall shows as a hold never let go). */
const mockAsked: string[] = [];
const mockHolds = new Map<string, () => Promise<void>>();
jest.mock('@/lib/server/read', () => {
  const read = async (path: string) => {
    mockAsked.push(path);
    await mockHolds.get(path)?.();
    return mockAnswers.has(path) ? mockAnswers.get(path) : { path };
  };
  return {
    apiRead: read,
    apiReadOptional: read,
    apiReadUnless404: read,
    apiBase: async () => 'https://demo.api.example',
    getSession: async () => ({ loggedIn: true, remember: false, tenant: 'demo' }),
    UpstreamApiError: class extends Error {},
  };
});

const CHANNEL = { id: 7, name: 'Reggeli kávé', duration: 3600, image_url: 'https://x/c.jpg' } as unknown as Channel;
const FILTER: PlayLogFilter = { from: '2026-11-01', to: '2026-11-24', type: 'spot', page: 2 };

/** Every entry of a fallback is the answer of the path it is keyed by, and the keys are these. */
function expectSeeded(fallback: Record<string, unknown>, keys: string[]) {
  expect(fallback[SEEDED_AT_KEY]).toEqual(expect.any(Number));
  expect(
    Object.keys(fallback)
      .filter((key) => key !== SEEDED_AT_KEY)
      .sort(),
  ).toEqual([...keys].sort());
  for (const key of keys) {
    if (!mockAnswers.has(key)) expect(fallback[key]).toEqual({ path: key });
  }
}

beforeEach(() => {
  mockAnswers.clear();
  mockAsked.length = 0;
  mockHolds.clear();
  mockAnswers.set('/api/players', [{ id: 1 }]);
});

describe('the page reads seed SWR under the keys the hooks read', () => {
  it('the (app) layout: the user, the customer and the zones', async () => {
    mockAnswers.set(ZONES_KEY, [{ id: 5, name: 'Kávézó', position: 0, player_id: 1 }]);
    const shell = await server.getAppShell();
    expectSeeded(shell.fallback, [ME_KEY, CUSTOMER_KEY, ZONES_KEY]);
    expect(shell.player).toEqual({ id: 1 });
  });

  it('the (app) layout: no zones answer seeds an empty list (one zone, not asked again)', async () => {
    mockAnswers.set(ZONES_KEY, null);
    const shell = await server.getAppShell();
    expect(shell.fallback[ZONES_KEY]).toEqual([]);
  });

  it('the (app) layout: the bar starts on the player this login sounds for', async () => {
    mockAnswers.set(ME_KEY, { id: 1, session_id: 'sess-b' });
    mockAnswers.set('/api/players', [
      { id: 1, session_id: 'sess-a' },
      { id: 2, session_id: 'sess-b' },
    ]);
    expect((await server.getAppShell()).player).toEqual({ id: 2, session_id: 'sess-b' });
  });

  it('the music plan of another zone reads its paths with ?zone=', async () => {
    mockAnswers.set('/api/channels', [CHANNEL]);
    mockAnswers.set(PLAYLISTS_KEY, []);
    mockAnswers.set(ZONES_KEY, [
      { id: 5, name: 'Kávézó', position: 0, player_id: 1 },
      { id: 6, name: 'Terasz', position: 1, player_id: 2 },
    ]);
    const page = await server.getMusicPlanPage('6');
    expect(page.zone).toBe(6);
    expectSeeded(page.fallback, [`${MUSIC_PLAN_KEY}?zone=6`, `${MUSIC_BLOCKS_KEY}?zone=6`, SCHEDULE_PREVIEW_KEY]);
    // The first zone, or one the shop does not have, is the plain paths.
    expect((await server.getMusicPlanPage('5')).zone).toBeNull();
    expect((await server.getMusicPlanPage('99')).zone).toBeNull();
  });

  it('the channels: the favourites, as the tiles show them', async () => {
    mockAnswers.set(FAVORITE_CHANNELS_KEY, [CHANNEL]);
    const page = await server.getChannelsPage();
    expectSeeded(page.fallback, [FAVORITE_CHANNELS_KEY]);
    expect(page.fallback[FAVORITE_CHANNELS_KEY]).toEqual([toChannelCard(CHANNEL)]);
  });

  it('one channel: the channel and its favourite mark (false too)', async () => {
    mockAnswers.set(checkFavoriteKey(7), false);
    const page = await server.getChannelPage(7);
    expectSeeded(page.fallback, [channelKey(7), checkFavoriteKey(7)]);
    expect(page.fallback[checkFavoriteKey(7)]).toBe(false);
  });

  it('the playlists and one playlist', async () => {
    expectSeeded((await server.getPlaylistsPage()).fallback, [PLAYLISTS_KEY]);
    expectSeeded((await server.getPlaylistPage(3)).fallback, [playlistKey(3)]);
  });

  it('the mixer pages', async () => {
    expectSeeded((await server.getPlayLogPage(FILTER)).fallback, [playLogKey(FILTER), spotCountsKey(FILTER)]);
    expectSeeded((await server.getSchedulerPage()).fallback, [
      SCHEDULED_CONTENTS_KEY,
      SCHEDULE_PREVIEW_KEY,
      SPOTS_KEY,
      SLIDESHOWS_KEY,
      SCREENS_KEY,
    ]);
    expectSeeded((await server.getScreensPage()).fallback, [SCREENS_KEY, SLIDESHOWS_KEY]);
    expectSeeded((await server.getSlideshowsPage()).fallback, [SLIDESHOWS_KEY]);
    expectSeeded((await server.getSoundboardPage()).fallback, [SOUNDS_KEY]);
    expectSeeded((await server.getSpotsPage()).fallback, [SPOTS_KEY]);
  });

  it('the music plan: its plan, blocks and preview seeded; an API without it (404) offers neither tab nor page', async () => {
    mockAnswers.set('/api/channels', [CHANNEL]);
    mockAnswers.set(PLAYLISTS_KEY, [{ id: 3, name: 'Saját', tracks: [{ image_thumbnail_url: 'https://x/t.jpg' }] }]);
    const page = await server.getMusicPlanPage();
    expect(page.served).toBe(true);
    expectSeeded(page.fallback, [MUSIC_PLAN_KEY, MUSIC_BLOCKS_KEY, SCHEDULE_PREVIEW_KEY]);
    expect(page.channels).toEqual([{ type: 'channel', id: 7, name: 'Reggeli kávé', cover: 'https://x/c.jpg' }]);
    expect(page.playlists).toEqual([{ type: 'playlist', id: 3, name: 'Saját', cover: 'https://x/t.jpg' }]);
    expect(await server.getMixerTabs()).toEqual({ musicPlan: true });

    mockAnswers.set(MUSIC_PLAN_KEY, null);
    expect(await server.getMixerTabs()).toEqual({ musicPlan: false });
    expect(await server.getMusicPlanPage()).toMatchObject({ served: false, fallback: {} });
  });

  it('the music plan page asks for its lists without waiting for the plan first', async () => {
    mockAnswers.set('/api/channels', [CHANNEL]);
    mockAnswers.set(PLAYLISTS_KEY, []);
    // The plan answers only once the other lists have been asked: read one after the other, it never would.
    mockHolds.set(MUSIC_PLAN_KEY, async () => {
      for (let i = 0; i < 50 && !mockAsked.includes(MUSIC_BLOCKS_KEY); i++) await new Promise((r) => setTimeout(r, 10));
      if (!mockAsked.includes(MUSIC_BLOCKS_KEY)) throw new Error('the blocks were asked only after the plan');
    });
    const page = await server.getMusicPlanPage();
    expect(page).toMatchObject({ served: true, plan: { path: MUSIC_PLAN_KEY } });
    expect(mockAsked).toEqual(
      expect.arrayContaining([MUSIC_PLAN_KEY, MUSIC_BLOCKS_KEY, '/api/channels', PLAYLISTS_KEY, SCHEDULE_PREVIEW_KEY]),
    );
  });

  it('the settings and the tutorials', async () => {
    expectSeeded((await server.getSettingsPage()).fallback, [SETTINGS_KEY, OPENING_HOURS_KEY, BLOCKED_TRACKS_KEY]);
    expectSeeded((await server.getTutorialPage()).fallback, [TUTORIALS_KEY]);
  });

  it('leaves a failed section out, so its hook asks the API itself', async () => {
    for (const key of [SCHEDULED_CONTENTS_KEY, SCHEDULE_PREVIEW_KEY, SPOTS_KEY, SLIDESHOWS_KEY, SCREENS_KEY]) {
      mockAnswers.set(key, null);
    }
    mockAnswers.set(CUSTOMER_KEY, null);
    expectSeeded((await server.getSchedulerPage()).fallback, []);
    expectSeeded((await server.getAppShell()).fallback, [ME_KEY, ZONES_KEY]);
  });
});
