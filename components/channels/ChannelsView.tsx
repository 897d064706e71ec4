'use client';

import * as Tabs from '@/components/ui/Tabs';
import { memo, Suspense, useMemo, useState } from 'react';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { SortSelect } from '@/components/ui/SortSelect';
import { useFavoriteChannels } from '@/lib/api/channels';
import { channelsOf, type Catalogue, type CatalogueCategory, type ChannelCard } from '@/lib/channels/catalogue';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { errors } from '@/lib/i18n/hu/errors';
import { pages } from '@/lib/i18n/hu/pages';
import { sortItems, useStoredSort, type SortKey } from '@/lib/ui/sort';
import { ChannelTile } from './ChannelTile';
import { FeaturedSlide } from './FeaturedSlide';
import { Slider } from './Slider';
import { FEATURED_FACTOR, SUBCATEGORY_FACTOR } from './slides';
import styles from './ChannelsView.module.scss';

const hu = { channels: huChannels, errors, pages };

/** The 'Kedvencek' tab has id 0 (SPEC.md §2); categories keep their own ids. */
export const FAVORITES_TAB = '0';
/** Every channel in one grid, the tab an API without categories gets instead of them. */
export const ALL_TAB = 'all';

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
export interface ChannelsViewProps {
  catalogue: Catalogue;
  /** Which of the page's calls failed: those sections are empty and say so. */
  unavailable?: { channels?: boolean; categories?: boolean; favorites?: boolean };
}

export function ChannelsView({ catalogue, unavailable = {} }: ChannelsViewProps) {
  const { channels } = catalogue;
  const byId = useMemo(() => new Map(channels.map((channel) => [channel.id, channel])), [channels]);
  const [sort, setSort] = useStoredSort('channelsIndex');

  const featured = useMemo(
    () =>
      sortItems(
        channels.filter((channel) => channel.is_featured),
        sort,
      ),
    [channels, sort],
  );

  return (
    <>
      <div className={styles.top}>
        <PageHeading>{hu.pages.channels}</PageHeading>
        <SortSelect value={sort} onChange={setSort} />
      </div>

      {unavailable.channels && channels.length === 0 && (
        <p className={styles.empty} role="status">
          {hu.channels.unavailable}
        </p>
      )}

      {featured.length > 0 && (
        <div className={styles.featured}>
          {/* Not in a Suspense boundary of its own: the first slide is the page's LCP image, so it
              comes in the same streamed part as the rows, right after the frame and the heading
              (the page's one boundary, revealed at once: app/(app)/_frame/reveal-at-once.tsx). */}
          <Slider title={hu.channels.featured} headingLevel={2} factor={FEATURED_FACTOR} loop autoplay>
            {featured.map((channel, index) => (
              <FeaturedSlide key={channel.id} channel={channel} priority={index < EAGER_FEATURED} />
            ))}
          </Slider>
        </div>
      )}

      <CategoryTabs catalogue={catalogue} byId={byId} sort={sort} unavailable={unavailable} />
    </>
  );
}

/**
 * The category tabs and the open one's channels. Their own component, so a tab switch renders the
 * tabs and the new panel only, not the page's carousel above them.
 */
function CategoryTabs({
  catalogue,
  byId,
  sort,
  unavailable,
}: {
  catalogue: Catalogue;
  byId: ReadonlyMap<number, ChannelCard>;
  sort: SortKey;
  unavailable: NonNullable<ChannelsViewProps['unavailable']>;
}) {
  const { channels, categories } = catalogue;
  const { data: favorites = [] } = useFavoriteChannels();
  // Without categories (an API that has none, or does not serve them) the channels still show, all in one tab.
  const allTab = categories.length === 0 && channels.length > 0;
  // A shop with favourites starts on them; otherwise on the first category, so the page is never empty.
  const [tab, setTab] = useState(() => {
    if (favorites.length > 0) return FAVORITES_TAB;
    if (categories[0]) return tabValue(categories[0]);
    return allTab ? ALL_TAB : FAVORITES_TAB;
  });

  return (
    <>
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
          {allTab && (
            <Tabs.Trigger value={ALL_TAB} className={styles.tab}>
              {hu.channels.all}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        {(unavailable.channels || unavailable.categories) && (
          <EmptyState
            compact
            title={unavailable.channels ? hu.errors.sectionUnavailable : hu.errors.categoriesUnavailable}
          />
        )}

        <Tabs.Content value={FAVORITES_TAB} className={styles.panel} prerender>
          <Suspense>
            <Favorites sort={sort} failed={unavailable.favorites === true} />
          </Suspense>
        </Tabs.Content>
        {allTab && (
          <Tabs.Content value={ALL_TAB} className={styles.panel} prerender>
            <AllChannels channels={channels} sort={sort} />
          </Tabs.Content>
        )}
        {categories.map((category) => (
          <Tabs.Content key={category.id} value={tabValue(category)} className={styles.panel} prerender>
            <Category category={category} byId={byId} sort={sort} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

// The panels are memos: every one of them is rendered (the closed ones hidden), and a tab switch
// re-renders their parent.
const Favorites = memo(function Favorites({ sort, failed }: { sort: SortKey; failed: boolean }) {
  const { data } = useFavoriteChannels();
  const favorites = useMemo(() => sortItems(data ?? [], sort), [data, sort]);
  if (failed && data === undefined) return <EmptyState compact title={hu.errors.favoritesUnavailable} />;
  if (favorites.length === 0) return <p className={styles.empty}>{hu.channels.favoritesEmpty}</p>;
  return <ChannelGrid channels={favorites} />;
});

const AllChannels = memo(function AllChannels({ channels, sort }: { channels: ChannelCard[]; sort: SortKey }) {
  const sorted = useMemo(() => sortItems(channels, sort), [channels, sort]);
  return <ChannelGrid channels={sorted} />;
});

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

const Category = memo(function Category({
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
});
