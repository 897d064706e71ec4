import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ChannelsView } from '@/components/channels/ChannelsView';
import { TrackList } from '@/components/channels/TrackList';
import { FAVORITE_CHANNELS_KEY } from '@/lib/api/channels';
import { toCatalogue, toChannelCard } from '@/lib/channels/catalogue';
import type { Channel } from '@/contracts';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/channels',
}));

/** Channels as a Laravel API lists them (none featured, so no carousel), read leniently. */
const channels = [
  { id: 1, name: 'Reggeli kávé' },
  { id: 2, name: 'Délutáni lendület' },
].map((c) => ({
  ...c,
  description: '',
  tracks_count: 3,
  duration: 60,
  channel_duration: 60,
  is_featured: false,
  image: null,
  image_url: null,
  landscape: false,
  landscape_url: null,
  created_at: '',
})) as Channel[];

function renderView(props: Parameters<typeof ChannelsView>[0], fallback: Record<string, unknown> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fallback }}>
      <ChannelsView {...props} />
    </SWRConfig>,
  );
}

beforeEach(() => window.localStorage.clear());

it('without categories shows every channel in one tab, opened first', () => {
  renderView({ catalogue: toCatalogue(channels, []) }, { [FAVORITE_CHANNELS_KEY]: [] });
  expect(screen.getByRole('tab', { name: 'Összes csatorna' })).toHaveAttribute('aria-selected', 'true');
  const panel = screen.getByRole('tabpanel');
  expect(within(panel).getByText('Reggeli kávé')).toBeInTheDocument();
  expect(within(panel).getByText('Délutáni lendület')).toBeInTheDocument();
});

it('with categories has no such tab', () => {
  const categories = [{ id: 7, name: 'Pop', subcategories: [{ id: 8, name: 'Friss', channels: [] }] }];
  renderView({ catalogue: toCatalogue(channels, categories) }, { [FAVORITE_CHANNELS_KEY]: [] });
  expect(screen.queryByRole('tab', { name: 'Összes csatorna' })).not.toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Pop' })).toHaveAttribute('aria-selected', 'true');
});

it('says the favourites could not be loaded rather than that there are none', () => {
  renderView({ catalogue: toCatalogue([], []), unavailable: { favorites: true } });
  expect(screen.getByRole('tab', { name: 'Kedvencek' })).toHaveAttribute('aria-selected', 'true');
  expect(
    screen.getByText('A kedvenc csatornákat most nem sikerült betölteni. Próbálja újra később.'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Még nincs kedvenc csatornája/)).not.toBeInTheDocument();
});

it('shows the favourites when they came, and says so when there are none', () => {
  const { unmount } = renderView(
    { catalogue: toCatalogue(channels, []) },
    { [FAVORITE_CHANNELS_KEY]: [toChannelCard(channels[1]!)] },
  );
  expect(screen.getByRole('tab', { name: 'Kedvencek' })).toHaveAttribute('aria-selected', 'true');
  expect(within(screen.getByRole('tabpanel')).getByText('Délutáni lendület')).toBeInTheDocument();
  unmount();
  renderView({ catalogue: toCatalogue([], []) }, { [FAVORITE_CHANNELS_KEY]: [] });
  expect(screen.getByText(/Még nincs kedvenc csatornája/)).toBeInTheDocument();
});

it('says the channels could not be loaded when the list call failed', () => {
  renderView({ catalogue: toCatalogue([], []), unavailable: { channels: true, favorites: true } });
  expect(screen.getByText(/A csatornák most nem tölthetők be/)).toBeInTheDocument();
});

it('a channel whose tracks the API did not serve says so, not that it is empty', () => {
  render(<TrackList channelId={1} firstPage={null} />);
  expect(screen.getByRole('status')).toHaveTextContent('A csatorna zenéi most nem tölthetők be.');
  expect(screen.queryByText('Ez a csatorna üres még.')).not.toBeInTheDocument();
});
