import type { Channel, ChannelCategory } from '@/contracts';
import { channelsOf, toCatalogue, toChannelCard } from '@/lib/channels/catalogue';

function channel(id: number, extra: Partial<Channel> = {}): Channel {
  return {
    id,
    name: `Csatorna ${id}`,
    description: 'Hosszú leírás, amit a csempék nem mutatnak.',
    tracks_count: 20,
    duration: 3600,
    channel_duration: 3600,
    is_featured: false,
    image: `assets/images/channels/cover-${id}.jpeg`,
    image_url: `https://api.test/media/cover-${id}.jpeg?signature=x`,
    landscape: true,
    landscape_url: `https://api.test/media/landscape-${id}.jpeg?signature=y`,
    created_at: '2024-05-01T12:00:00.000000Z',
    ...extra,
  };
}

describe('toChannelCard', () => {
  it('keeps what a tile shows and the sort fields, and the wide image only for featured channels', () => {
    expect(toChannelCard(channel(1))).toEqual({
      id: 1,
      name: 'Csatorna 1',
      tracks_count: 20,
      channel_duration: 3600,
      is_featured: false,
      image_url: 'https://api.test/media/cover-1.jpeg?signature=x',
      landscape_url: null,
      created_at: '2024-05-01T12:00:00.000000Z',
    });
    expect(toChannelCard(channel(2, { is_featured: true })).landscape_url).toBe(
      'https://api.test/media/landscape-2.jpeg?signature=y',
    );
  });
});

describe('toCatalogue', () => {
  const categories: ChannelCategory[] = [
    {
      id: 10,
      name: 'Hangulat',
      subcategories: [
        { id: 100, name: 'Reggel', channels: [channel(2), channel(1)] },
        { id: 101, name: 'Üres', channels: [] },
      ],
    },
    { id: 11, name: 'Műfaj', subcategories: [{ id: 110, name: 'Jazz', channels: [channel(1), channel(3)] }] },
  ];

  it('lists each channel once and lets the subcategories point at them in their own order', () => {
    const catalogue = toCatalogue([channel(1), channel(2)], categories);
    expect(catalogue.channels.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(catalogue.categories).toEqual([
      {
        id: 10,
        name: 'Hangulat',
        subcategories: [
          { id: 100, name: 'Reggel', channelIds: [2, 1] },
          { id: 101, name: 'Üres', channelIds: [] },
        ],
      },
      { id: 11, name: 'Műfaj', subcategories: [{ id: 110, name: 'Jazz', channelIds: [1, 3] }] },
    ]);
    expect(JSON.stringify(catalogue)).not.toContain('leírás');
  });

  it('finds a subcategory’s channels by id and skips ids it has no card for', () => {
    const { channels } = toCatalogue([channel(1), channel(2)], []);
    const byId = new Map(channels.map((c) => [c.id, c]));
    expect(channelsOf({ id: 1, name: 'x', channelIds: [2, 9, 1] }, byId).map((c) => c.id)).toEqual([2, 1]);
  });
});
