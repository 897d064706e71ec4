import { customerLogoUrl } from '@/lib/api/customer';
import { resolveMediaUrl, resolveMediaUrls } from '@/lib/api/media-urls';
import {
  channelCategoryListReader,
  channelListReader,
  customerReader,
  playerListReader,
  playlistListReader,
  soundListReader,
  spotListReader,
  trackPageReader,
  userReader,
} from '@/lib/server/readers';
import { toCatalogue } from '@/lib/channels/catalogue';
import { sortItems } from '@/lib/ui/sort';

/** The answers of a real Laravel 8 API (the peer the web is checked against), verbatim. */
const laravel = {
  me: { id: 1, name: 'Demo', email: 'demo@pulzus.hu', session_id: 'Xk3PzQ0aLq1r9VdU2mW8yT5bN7cE4fGhJsKlMnOp' },
  customer: { id: 1, name: 'Demo Bolt', settings: [{ id: 1, key: 'logo', value: null, url: null }] },
  channels: [
    {
      id: 1,
      name: 'Reggeli kávé',
      description: 'Nyugodt akusztikus dalok a nyitás utáni órákra.',
      tracks_count: 24,
      duration: 5460,
      is_featured: true,
      image_url: '/images/channels/1.jpg',
      landscape_url: '/images/channels/1-landscape.jpg',
    },
    {
      id: 2,
      name: 'Délutáni lendület',
      description: 'Pörgősebb pop a délutáni csúcsra.',
      tracks_count: 30,
      duration: 6930,
      is_featured: false,
      image_url: '/images/channels/2.jpg',
      landscape_url: '/images/channels/2-landscape.jpg',
    },
    {
      id: 3,
      name: 'Esti lounge',
      description: 'Lassú, meleg hangzás zárásig.',
      tracks_count: 21,
      duration: 5012,
      is_featured: true,
      image_url: '/images/channels/3.jpg',
      landscape_url: '/images/channels/3-landscape.jpg',
    },
  ],
  players: [
    {
      id: 1,
      is_repeat: false,
      is_random: false,
      is_playing: false,
      current_time: 0,
      volume: 80,
      session_id: null,
      track: null,
      playable: null,
      playable_type: null,
      playable_id: null,
    },
  ],
};
const API = 'http://demo.api.example.test:4131';

describe('lenient readers with a Laravel API’s answers', () => {
  it('reads /api/me without customer_id (SPEC.md §3 promises only session_id)', () => {
    expect(userReader.parse(laravel.me)).toEqual({ ...laravel.me, customer_id: 0 });
    expect(userReader.parse({ session_id: 'abc' })).toMatchObject({ session_id: 'abc', name: '', email: '' });
    expect(() => userReader.parse({ id: 1, name: 'Demo' })).toThrow();
  });

  it('reads /api/customer without slug; the default logo stays', () => {
    const customer = customerReader.parse(laravel.customer);
    expect(customer).toEqual({ ...laravel.customer, slug: '' });
    expect(customerLogoUrl(customer)).toBe('/img/top_radio.jpeg');
    expect(() => customerReader.parse({ settings: [] })).toThrow();
  });

  it('reads channels without channel_duration, image, landscape and created_at', () => {
    const [first, second] = channelListReader.parse(laravel.channels);
    expect(first).toEqual({
      id: 1,
      name: 'Reggeli kávé',
      description: 'Nyugodt akusztikus dalok a nyitás utáni órákra.',
      tracks_count: 24,
      duration: 5460,
      channel_duration: 5460,
      is_featured: true,
      image: null,
      image_url: '/images/channels/1.jpg',
      landscape: true,
      landscape_url: '/images/channels/1-landscape.jpg',
      created_at: '',
    });
    expect(second?.channel_duration).toBe(6930);
  });

  it('reads players as the peer sends them', () => {
    expect(playerListReader.parse(laravel.players)).toEqual(laravel.players);
  });

  it('ignores unknown fields and defaults missing optional ones', () => {
    const [channel] = channelListReader.parse([
      { id: 7, name: 'Új', secret: 'x', pivot: { a: 1 }, channel_duration: 60 },
    ]);
    expect(channel).toEqual({
      id: 7,
      name: 'Új',
      description: null,
      tracks_count: 0,
      duration: 60,
      channel_duration: 60,
      is_featured: false,
      image: null,
      image_url: null,
      landscape: false,
      landscape_url: null,
      created_at: '',
    });
    const [player] = playerListReader.parse([
      {
        id: 2,
        volume: 'loud',
        track: { id: 5, url: '/a.mp3', duration: 75 },
        playable: { type: 'App\\Models\\Other', id: 1, name: 'x' },
      },
    ]);
    expect(player).toMatchObject({ id: 2, volume: 0, is_playing: false, session_id: null, playable: null });
    expect(player?.track).toEqual({
      id: 5,
      title: null,
      name: '',
      artist: null,
      url: '/a.mp3',
      image_thumbnail_url: null,
      formatted_duration: '1:15',
      duration: 75,
    });
  });

  it('drops list items it cannot read instead of failing the page', () => {
    const list = channelListReader.parse([{ id: 1, name: 'Jó' }, { name: 'id nélkül' }, 'x', { id: 3, name: 'Másik' }]);
    expect(list.map((c) => c.id)).toEqual([1, 3]);
    expect(() => channelListReader.parse({ data: [] })).toThrow();
  });

  it('reads categories, playlists and track pages leniently too', () => {
    const categories = channelCategoryListReader.parse([
      { id: 1, name: 'Hangulat', subcategories: [{ id: 2, name: 'Reggel', channels: laravel.channels }] },
    ]);
    const catalogue = toCatalogue(channelListReader.parse(laravel.channels), categories);
    expect(catalogue.categories[0]?.subcategories[0]?.channelIds).toEqual([1, 2, 3]);
    expect(catalogue.channels.map((c) => c.channel_duration)).toEqual([5460, 6930, 5012]);
    expect(
      playlistListReader.parse([{ id: 4, name: 'Saját', duration: 30, tracks: [{ id: 1, url: 'u' }] }])[0],
    ).toMatchObject({
      channel_duration: 30,
      tracks_count: 1,
      created_at: '',
    });
    const page = trackPageReader.parse({ current_page: 1, data: [{ id: 9, name: 'a.mp3', url: 'x' }], total: 1 });
    expect(page).toMatchObject({ current_page: 1, total: 1, next_page_url: null, links: [] });
    expect(page.data[0]?.id).toBe(9);
  });

  it('reads spots without file_name (named after their URL) and sounds keeping customer_id absent', () => {
    const spots = spotListReader.parse([
      { id: 1, name: 'Hétvégi akció', url: '/storage/spots/h%C3%A9tv%C3%A9gi.mp3?expires=1&signature=x' },
      { id: 2, name: 'Zárás', file_name: 'zaras.mp3', url: 'https://cdn.example/z.mp3', duration: 12.5 },
      { name: 'id nélkül' },
    ]);
    expect(spots).toEqual([
      {
        id: 1,
        name: 'Hétvégi akció',
        file_name: 'hétvégi.mp3',
        url: '/storage/spots/h%C3%A9tv%C3%A9gi.mp3?expires=1&signature=x',
        duration: 0,
        created_at: '',
      },
      {
        id: 2,
        name: 'Zárás',
        file_name: 'zaras.mp3',
        url: 'https://cdn.example/z.mp3',
        duration: 12.5,
        created_at: '',
      },
    ]);
    const [provider, own] = soundListReader.parse([
      { id: 1, name: 'Gong', url: '/g.mp3' },
      { id: 2, name: 'Saját csengő', customer_id: 4, url: '/c.mp3', is_favorite: true, is_quick: 1 },
    ]);
    expect(provider).toEqual({
      id: 1,
      name: 'Gong',
      url: '/g.mp3',
      duration: 0,
      is_favorite: false,
      is_quick: false,
      created_at: '',
    });
    expect(provider && 'customer_id' in provider && provider.customer_id !== undefined).toBe(false);
    expect(own).toMatchObject({ customer_id: 4, is_favorite: true, is_quick: false });
  });

  it('sorts 3 and 4 by id when the answers have no created_at', () => {
    const channels = channelListReader.parse(laravel.channels);
    expect(sortItems(channels, 3).map((c) => c.id)).toEqual([3, 2, 1]);
    expect(sortItems(channels, 4).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('relative media URLs resolve against the tenant API', () => {
  it('resolves every media field at any depth, leaving absolute ones alone', () => {
    const channels = resolveMediaUrls(channelListReader.parse(laravel.channels), API);
    expect(channels[0]?.image_url).toBe(`${API}/images/channels/1.jpg`);
    expect(channels[0]?.landscape_url).toBe(`${API}/images/channels/1-landscape.jpg`);
    const customer = resolveMediaUrls(
      { id: 1, name: 'B', settings: [{ id: 1, key: 'logo', value: 'l.png', url: 'storage/logo.png' }] },
      `${API}/`,
    );
    expect(customerLogoUrl(customer as never)).toBe(`${API}/storage/logo.png`);
    const player = resolveMediaUrls(
      { track: { url: '/media/a.mp3', image_thumbnail_url: 'https://cdn.example/t.jpg', name: 'a.mp3' } },
      API,
    );
    expect(player.track).toEqual({
      url: `${API}/media/a.mp3`,
      image_thumbnail_url: 'https://cdn.example/t.jpg',
      name: 'a.mp3',
    });
  });

  it('keeps data:, blob:, protocol-relative and empty values, and nothing without a base', () => {
    expect(resolveMediaUrl('data:image/png;base64,AA', API)).toBe('data:image/png;base64,AA');
    expect(resolveMediaUrl('//cdn.example/x.jpg', API)).toBe('//cdn.example/x.jpg');
    expect(resolveMediaUrl('', API)).toBe('');
    const raw = { image_url: '/x.jpg' };
    expect(resolveMediaUrls(raw, null)).toBe(raw);
  });
});
