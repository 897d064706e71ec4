'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, useMemo, useState } from 'react';
import { PageHeading } from '@/components/layout/PageHeading';
import { SortSelect } from '@/components/ui/SortSelect';
import { useFavoriteChannels } from '@/lib/api/channels';
import { channelsOf, type Catalogue, type CatalogueCategory, type ChannelCard } from '@/lib/channels/catalogue';
import { hu } from '@/lib/i18n/hu';
import { sortItems, useStoredSort, type SortKey } from '@/lib/ui/sort';
import { ChannelTile } from './ChannelTile';
import { FeaturedSlide } from './FeaturedSlide';
import { Slider } from './Slider';
import { FEATURED_FACTOR, SUBCATEGORY_FACTOR } from './slides';
import styles from './ChannelsView.module.scss';

/** The 'Kedvencek' tab has id 0 (SPEC.md §2); categories keep their own ids. */
export const FAVORITES_TAB = '0';

/** How many featured slides can be on screen at first (3 on the widest screens) load at once. */
const EAGER_FEATURED = 3;

function tabValue(category: CatalogueCategory): string {
  return String(category.id);
}

/**
 * /channels below the heading: the featured carousel and the category tabs, all in one sort order.
 * The catalogue comes from the server render and stays as it is until the page is rendered again
 * (refetching it would hand out new signed image URLs and load every cover again on a weak shop PC);
 * the favourites are live, a toggle refetches them.
 */
export function ChannelsView({ catalogue }: { catalogue: Catalogue }) {
  const { channels, categories } = catalogue;
  const byId = useMemo(() => new Map(channels.map((channel) => [channel.id, channel])), [channels]);
  const [sort, setSort] = useStoredSort('channelsIndex');
  const { data: favorites = [] } = useFavoriteChannels();
  // A shop with favourites starts on them; otherwise on the first category, so the page is never empty.
  const [tab, setTab] = useState(() =>
    favorites.length === 0 && categories[0] ? tabValue(categories[0]) : FAVORITES_TAB,
  );

  const featured = useMemo(() => sortItems(channels.filter((channel) => channel.is_featured), sort), [channels, sort]);

  return (
    <>
      <div className={styles.top}>
        <PageHeading>{hu.pages.channels}</PageHeading>
        <SortSelect value={sort} onChange={setSort} />
      </div>

      {featured.length > 0 && (
        <div className={styles.featured}>
          {/* Suspense boundaries let React hydrate the page in slices between which the browser can
              respond, instead of one long task on a slow shop PC (nothing here suspends). */}
          <Suspense>
            <Slider title={hu.channels.featured} headingLevel={2} factor={FEATURED_FACTOR} loop autoplay>
              {featured.map((channel, index) => (
                <FeaturedSlide key={channel.id} channel={channel} priority={index < EAGER_FEATURED} />
              ))}
            </Slider>
          </Suspense>
        </div>
      )}

      <Tabs.Root value={tab} onValueChange={setTab} className={styles.tabs}>
        <Tabs.List aria-label={hu.channels.categoriesLabel} className={styles.tabList}>
          <Tabs.Trigger value={FAVORITES_TAB} className={styles.tab}>
            {hu.channels.favorites}
          </Tabs.Trigger>
          {categories.map((category) => (
            <Tabs.Trigger key={category.id} value={tabValue(category)} className={styles.tab}>
              {category.name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value={FAVORITES_TAB} className={styles.panel}>
          <Suspense>
            <Favorites sort={sort} />
          </Suspense>
        </Tabs.Content>
        {categories.map((category) => (
          <Tabs.Content key={category.id} value={tabValue(category)} className={styles.panel}>
            <Category category={category} byId={byId} sort={sort} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

function Favorites({ sort }: { sort: SortKey }) {
  const { data = [] } = useFavoriteChannels();
  const favorites = useMemo(() => sortItems(data, sort), [data, sort]);
  if (favorites.length === 0) return <p className={styles.empty}>{hu.channels.favoritesEmpty}</p>;
  return <ChannelGrid channels={favorites} />;
}

function ChannelGrid({ channels }: { channels: ChannelCard[] }) {
  return (
    <ul className={styles.grid}>
      {channels.map((channel) => (
        <li key={channel.id}>
          <ChannelTile channel={channel} />
        </li>
      ))}
    </ul>
  );
}

function Category({
  category,
  byId,
  sort,
}: {
  category: CatalogueCategory;
  byId: ReadonlyMap<number, ChannelCard>;
  sort: SortKey;
}) {
  const subcategories = useMemo(
    () =>
      category.subcategories
        .map((subcategory) => ({ ...subcategory, channels: sortItems(channelsOf(subcategory, byId), sort) }))
        .filter((subcategory) => subcategory.channels.length > 0),
    [category, byId, sort],
  );
  if (subcategories.length === 0) return <p className={styles.empty}>{hu.channels.categoryEmpty}</p>;
  return (
    <div className={styles.subcategories}>
      {subcategories.map((subcategory) => (
        <Suspense key={subcategory.id}>
          <Slider title={subcategory.name} headingLevel={3} factor={SUBCATEGORY_FACTOR}>
            {subcategory.channels.map((channel) => (
              <ChannelTile key={channel.id} channel={channel} />
            ))}
          </Slider>
        </Suspense>
      ))}
    </div>
  );
}
