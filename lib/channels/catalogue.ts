import type { Channel, ChannelCategory } from '@/contracts';

/** What a tile or a featured slide shows of a channel, and what the sorts need. */
export type ChannelCard = Pick<
  Channel,
  'id' | 'name' | 'tracks_count' | 'channel_duration' | 'is_featured' | 'image_url' | 'landscape_url' | 'created_at'
>;

export interface CatalogueSubcategory {
  id: number;
  name: string;
  channelIds: number[];
}

export interface CatalogueCategory {
  id: number;
  name: string;
  subcategories: CatalogueSubcategory[];
}

/** /channels' data as the browser gets it: each channel once, the categories pointing at them. */
export interface Catalogue {
  channels: ChannelCard[];
  categories: CatalogueCategory[];
}

/**
 * The card of a channel. The server reads answers leniently (lib/server/readers.ts); a list the browser
 * fetches again (the favourites after a toggle) arrives as the API sent it, so the fields a tile
 * shows get the same defaults here, without zod.
 */
export function toChannelCard(channel: ChannelCard & Partial<Pick<Channel, 'duration'>>): ChannelCard {
  return {
    id: channel.id,
    name: channel.name,
    tracks_count: channel.tracks_count ?? 0,
    channel_duration: channel.channel_duration ?? channel.duration ?? 0,
    is_featured: channel.is_featured ?? false,
    image_url: channel.image_url ?? null,
    // Only the featured carousel shows the wide image.
    landscape_url: channel.is_featured ? (channel.landscape_url ?? null) : null,
    created_at: channel.created_at ?? '',
  };
}

/**
 * The catalogue without repeats: the API answers every channel again inside each subcategory, with
 * fields the page never shows, and the whole of it travels in the page's HTML. A channel that only a
 * subcategory names is kept too.
 */
export function toCatalogue(channels: readonly Channel[], categories: readonly ChannelCategory[]): Catalogue {
  const cards = new Map<number, ChannelCard>();
  for (const channel of channels) if (!cards.has(channel.id)) cards.set(channel.id, toChannelCard(channel));
  const compact = categories.map((category) => ({
    id: category.id,
    name: category.name,
    subcategories: category.subcategories.map((subcategory) => ({
      id: subcategory.id,
      name: subcategory.name,
      channelIds: subcategory.channels.map((channel) => {
        if (!cards.has(channel.id)) cards.set(channel.id, toChannelCard(channel));
        return channel.id;
      }),
    })),
  }));
  return { channels: [...cards.values()], categories: compact };
}

/** A subcategory's channels, in the subcategory's own order (ids without a card are skipped). */
export function channelsOf(subcategory: CatalogueSubcategory, byId: ReadonlyMap<number, ChannelCard>): ChannelCard[] {
  return subcategory.channelIds.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}
