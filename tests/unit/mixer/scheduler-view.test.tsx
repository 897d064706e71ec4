import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { mutate, SWRConfig } from 'swr';
import { previewOf, type ScheduledContent, type SchedulePreviewEntry } from '@/contracts';
import { DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import { SchedulerView, type SchedulerInitial } from '@/components/mixer/scheduler/SchedulerView';
import { toastsAtom } from '@/lib/ui/toast';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';

function item(id: number, name: string, over: Partial<ScheduledContent> = {}): ScheduledContent {
  return {
    id,
    name,
    active: true,
    ...DEFAULT_SCHEDULE_RULE,
    spots: [{ id: 5, name: 'Hétvégi akció' }],
    slideshows: [],
    screens: [],
    next_play_at: null,
    created_at: `2026-01-0${id}T10:00:00+01:00`,
    ...over,
  };
}

const ITEMS = [
  item(1, 'Reggeli szpot', {
    next_play_at: '2026-11-24T23:45:00+01:00',
    date_from: '2026-11-01',
    date_to: '2026-12-31',
  }),
  item(2, 'Esti szpot', { active: false }),
];

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  getDefaultStore().set(toastsAtom, []);
  window.localStorage.clear();
});

function setup(answer: (call: FakeCall) => FakeAnswer, initial: Partial<SchedulerInitial> = {}) {
  const fetch = installFakeFetch(answer);
  const seed: SchedulerInitial = {
    items: ITEMS,
    preview: { from: '', until: '', fires: [], music: [] },
    spots: [],
    slideshows: [],
    screens: [],
    ...initial,
  };
  // As the page seeds it: a list the server could not read is left out of the fallback.
  const fallback: Record<string, unknown> = {};
  if (seed.items) fallback['/api/scheduled-contents'] = seed.items;
  if (seed.preview) fallback['/api/scheduled-contents/preview?hours=24'] = seed.preview;
  render(
    <SWRConfig value={{ fallback }}>
      <SchedulerView initial={seed} />
    </SWRConfig>,
  );
  return fetch;
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

// First: SWR dedupes a fetch of the same key within 2 s, so after the toggle test this one would not fetch.
it('a failed preview empties only the timeline', async () => {
  setup(() => ({ status: 500, body: {} }), { preview: null });
  await waitFor(() => expect(screen.getByText('Az előnézet most nem érhető el.')).toBeInTheDocument());
  expect(screen.getByRole('rowheader', { name: 'Reggeli szpot' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Új ütemezés' })).toBeInTheDocument();
});

it("shows the next play in the shop's clock, the dates, and '-' where there is none", () => {
  setup(() => ({ body: [] }));
  const morning = within(rowOf('Reggeli szpot'));
  expect(morning.getByText('2026/11/24 23:45')).toBeInTheDocument();
  expect(morning.getByText('2026/11/01')).toBeInTheDocument();
  expect(morning.getByText('2026/12/31')).toBeInTheDocument();
  expect(within(rowOf('Esti szpot')).getAllByText('-')).toHaveLength(3);
  expect(within(rowOf('Esti szpot')).getByRole('switch', { name: 'Aktív: Esti szpot' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

it('flips the state through the server, then shows the reloaded list', async () => {
  let active = false;
  const { calls } = setup((call) => {
    if (call.url === '/api/scheduled-contents/toggle/2') {
      active = true;
      return { body: { ...ITEMS[1], active } };
    }
    if (call.url === '/api/scheduled-contents') return { body: [ITEMS[0], { ...ITEMS[1], active }] };
    return { body: [] };
  });
  fireEvent.click(screen.getByRole('switch', { name: 'Aktív: Esti szpot' }));
  await waitFor(() =>
    expect(screen.getByRole('switch', { name: 'Aktív: Esti szpot' })).toHaveAttribute('aria-checked', 'true'),
  );
  const urls = calls.map((c) => c.url);
  expect(urls.indexOf('/api/scheduled-contents/toggle/2')).toBeLessThan(urls.lastIndexOf('/api/scheduled-contents'));
  expect(urls).toContain('/api/scheduled-contents/preview?hours=24');
});

it('filters and sorts, and remembers both under schedulerFilter and schedulerIndex', async () => {
  setup(() => ({ body: [] }));
  const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
  expect(names()).toEqual(['Esti szpot', 'Reggeli szpot']); // 7: newest first
  fireEvent.change(screen.getByLabelText('Rendezés'), { target: { value: '1' } });
  expect(names()).toEqual(['Esti szpot', 'Reggeli szpot']);
  fireEvent.change(screen.getByLabelText('Rendezés'), { target: { value: '2' } });
  expect(names()).toEqual(['Reggeli szpot', 'Esti szpot']);
  fireEvent.change(screen.getByLabelText('Mutassa'), { target: { value: '2' } });
  expect(names()).toEqual(['Esti szpot']);
  expect(window.localStorage.getItem('schedulerIndex')).toBe('2');
  expect(window.localStorage.getItem('schedulerFilter')).toBe('2');
});

it('names each item and what it plays on the timeline, clashes in words', () => {
  setup(() => ({ body: [] }), {
    preview: previewOf([
      {
        at: '2026-11-24T09:15:00+01:00',
        scheduled_content_id: 1,
        name: 'Reggeli szpot',
        spots: [{ id: 5, name: 'Hétvégi akció', duration: 12 }],
        slideshows: [],
        clash: 'same_minute',
      },
      {
        at: '2026-11-24T09:15:00+01:00',
        scheduled_content_id: 3,
        name: 'Kirakat',
        spots: [],
        slideshows: [{ id: 2, name: 'Őszi képek' }],
        clash: 'same_minute',
      },
    ]),
  });
  const timeline = screen.getByRole('region', { name: 'A következő 24 óra' });
  expect(within(timeline).getAllByText('Szól: Hétvégi akció').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText('Képernyőn: Őszi képek').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText(/Ütközés: egy percben/).length).toBeGreaterThan(0);
});

it('shows the music (opening, blocks with source and volume, closing), skipped fires and the clashes by pair under their legend', () => {
  const fire = (at: string, id: number, extra: Partial<SchedulePreviewEntry> = {}): SchedulePreviewEntry => ({
    at,
    scheduled_content_id: id,
    name: id === 1 ? 'Reggeli szpot' : 'Akció',
    spots: [{ id: 5, name: 'Hétvégi akció', duration: 12 }],
    slideshows: [],
    clash: null,
    ...extra,
  });
  setup(() => ({ body: [] }), {
    preview: {
      from: '2026-11-24T18:30:00+01:00',
      until: '2026-11-25T18:30:00+01:00',
      fires: [
        fire('2026-11-24T19:00:00+01:00', 1, { clash: 'same_minute' }),
        fire('2026-11-24T19:00:00+01:00', 2, { clash: 'same_minute' }),
        fire('2026-11-24T19:30:00+01:00', 1, { clash: 'same_minute' }),
        fire('2026-11-24T19:30:00+01:00', 2, { clash: 'same_minute' }),
        fire('2026-11-24T21:00:00+01:00', 1, { skipped: true }),
      ],
      music: [
        {
          at: '2026-11-24T19:00:00+01:00',
          kind: 'block',
          block_id: 3,
          source: { type: 'channel', id: 4, name: 'Esti jazz bár' },
          volume: 65,
        },
        { at: '2026-11-24T20:00:00+01:00', kind: 'close' },
        { at: '2026-11-25T08:00:00+01:00', kind: 'open', source: { type: 'channel', id: 7, name: 'Reggeli kávé' } },
      ],
    },
  });
  const timeline = screen.getByRole('region', { name: 'A következő 24 óra' });
  expect(within(timeline).getAllByText('19:00 Új zenei blokk: Esti jazz bár, hangerő 65').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText('20:00 Zárás').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText('08:00 Nyitás: Reggeli kávé').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText('kihagyva, mert zárva').length).toBeGreaterThan(0);
  // One line for the pair, with its count and first time, under the legend.
  expect(within(timeline).getAllByText('Reggeli szpot és Akció').length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText(/2×, először 19:00/).length).toBeGreaterThan(0);
  expect(within(timeline).getAllByText(/Egy percben: .* Túlfutás: /).length).toBeGreaterThan(0);
});
