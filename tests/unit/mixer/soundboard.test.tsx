import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { mutate, SWRConfig } from 'swr';
import type { Player, Sound } from '@/contracts';
import { soundMessages } from '@/contracts/sounds';
import { SoundboardView } from '@/components/mixer/sounds/SoundboardView';
import { playerAtom } from '@/lib/player/state';
import { toastsAtom } from '@/lib/ui/toast';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';
import { FakeXhr, installFakeXhr } from '../fake-xhr';

installFakeXhr();

// The forms and the confirm dialog fetch their code on first opening: on a busy machine the first
// import (compiled on the fly) takes longer than findBy's default second.
const LAZY = { timeout: 5000 };
jest.setTimeout(15_000);

const sound = (id: number, name: string, extra: Partial<Sound> = {}): Sound => ({
  id,
  name,
  url: `https://api.example/media/${id}.mp3`,
  duration: 2,
  is_favorite: false,
  is_quick: false,
  created_at: '2026-11-01T10:00:00Z',
  ...extra,
});

const SOUNDS: Sound[] = [
  sound(1, 'Gong', { is_quick: true }),
  sound(2, 'Csengő', { is_favorite: true }),
  sound(3, 'Saját taps', { customer_id: 1 }),
];

const player = { id: 5 } as Player;

function setup(answer: (call: FakeCall) => FakeAnswer, initial: Sound[] | null = SOUNDS) {
  const fetch = installFakeFetch(answer);
  const store = getDefaultStore();
  store.set(playerAtom, player);
  store.set(toastsAtom, []);
  render(
    <SWRConfig value={{ fallback: initial ? { '/api/sounds': initial } : {} }}>
      <SoundboardView initial={initial} />
    </SWRConfig>,
  );
  return { ...fetch, toasts: () => store.get(toastsAtom).map((t) => t.message) };
}

// The app's writes update SWR's global cache (its `mutate`), so the tests use that cache, emptied before each.
beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
});

const posts = (calls: FakeCall[]) => calls.filter((c) => c.init.method === 'POST').map((c) => c.url);
const allTab = () => screen.getByRole('tabpanel');

// First: SWR dedupes a fetch of the same key within 2 s, so after another test this one would not fetch.
it('a failed list empties both sections with a notice; the buttons stay', async () => {
  setup(() => ({ status: 500, body: { message: 'Hiba' } }), null);
  expect(await screen.findAllByText('A hangok betöltése nem sikerült.')).toHaveLength(2);
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Új hang feltöltése' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Új hang kérése' })).toBeInTheDocument();
});

it('shows the quick sounds as tiles and counts the two lists on their tabs', () => {
  setup(() => ({ body: SOUNDS }));
  const grid = screen.getByRole('region', { name: 'Gyorshangok' });
  expect(
    within(grid)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label')),
  ).toEqual(['Gong lejátszása']);
  expect(screen.getByRole('tab', { name: 'Kedvencek (1)' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Összes hang (3)' })).toBeInTheDocument();
});

it("marks a sound longer than 2 minutes 'Túl hosszú'; one of 2:00 is not marked", () => {
  setup(
    () => ({ body: SOUNDS }),
    [
      sound(11, 'Hosszú zene', { is_favorite: true, customer_id: 1, duration: 185 }),
      sound(12, 'Két perc', { is_favorite: true, customer_id: 1, duration: 120.05 }),
    ],
  );
  const rows = within(allTab()).getAllByRole('rowheader');
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringMatching(/Hosszú zene\s*Túl hosszú$/),
    expect.stringMatching(/Két perc$/),
  ]);
});

it('a tile plays its sound through the player', async () => {
  const { calls } = setup((call) => ({
    body: call.url.includes('/play') ? { id: 1, type: 'sound', url: 'x' } : SOUNDS,
  }));
  fireEvent.click(
    within(screen.getByRole('region', { name: 'Gyorshangok' })).getByRole('button', { name: 'Gong lejátszása' }),
  );
  await waitFor(() => expect(posts(calls)).toEqual(['/api/players/5/sounds/1/play']));
});

it('toggles a mark with its toast, the list following the answer; delete is offered for own sounds only', async () => {
  // A server that keeps the marks: the reload after each toggle brings the same state back.
  let list = SOUNDS;
  const { calls, toasts } = setup((call) => {
    const mark = /^\/api\/sounds\/(\d+)\/(favorite|quick)$/.exec(call.url);
    if (!mark) return { body: list };
    const field = mark[2] === 'favorite' ? 'is_favorite' : 'is_quick';
    list = list.map((s) => (s.id === Number(mark[1]) ? { ...s, [field]: !s[field] } : s));
    return { body: list.find((s) => s.id === Number(mark[1])) };
  });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Összes hang (3)' }));
  const table = within(allTab()).getByRole('table', { name: 'Összes hang' });
  expect(within(table).queryByRole('button', { name: 'Törlés: Gong' })).not.toBeInTheDocument();
  expect(within(table).getByRole('button', { name: 'Törlés: Saját taps' })).toBeInTheDocument();
  expect(within(table).getAllByText('Saját hangok')).toHaveLength(1);
  expect(within(table).getAllByText('Szolgáltató hangjai')).toHaveLength(2);

  const quick = within(table).getByRole('button', { name: 'Gyorshang: Csengő' });
  expect(quick).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(quick);
  await waitFor(() => expect(toasts()).toEqual(['Hozzáadva a gyorshangokhoz']));
  expect(posts(calls)).toEqual(['/api/sounds/2/quick']);
  // …and the list is fetched again (SPEC.md §4).
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/sounds')).toHaveLength(1));
  await waitFor(() =>
    expect(within(table).getByRole('button', { name: 'Gyorshang: Csengő' })).toHaveAttribute('aria-pressed', 'true'),
  );
  const grid = screen.getByRole('region', { name: 'Gyorshangok' });
  await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(2));

  fireEvent.click(within(table).getByRole('button', { name: 'Kedvenc: Csengő' }));
  await waitFor(() => expect(toasts()).toContain('Eltávolítva a kedvencek közül'));
});

it('a failed toggle says nothing and reloads the list from the server (SPEC.md §8)', async () => {
  let list = SOUNDS;
  const { calls, toasts } = setup((call) => {
    if (call.url === '/api/sounds/1/favorite') {
      // Meanwhile another device had marked it: the reload shows the server's truth.
      list = SOUNDS.map((s) => (s.id === 1 ? { ...s, is_favorite: true } : s));
      return { status: 500, body: { message: 'Hiba' } };
    }
    return { body: list };
  });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Összes hang (3)' }));
  fireEvent.click(within(allTab()).getByRole('button', { name: 'Kedvenc: Gong' }));
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/sounds' && c.init.method === 'GET')).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Kedvencek (2)' })).toBeInTheDocument());
  expect(toasts()).toEqual([]);
});

it('deletes an own sound after confirmation, with its toast', async () => {
  const { calls, toasts } = setup((call) => (call.url === '/api/sounds/3/delete' ? { body: true } : { body: SOUNDS }));
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Összes hang (3)' }));
  fireEvent.click(within(allTab()).getByRole('button', { name: 'Törlés: Saját taps' }));
  const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog', undefined, LAZY));
  expect(dialog).toHaveTextContent('Biztosan törli a hangot?');
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hang törlése' }));
  });
  await waitFor(() => expect(toasts()).toEqual(['Sikeresen eltávolítva.']));
  expect(posts(calls)).toEqual(['/api/sounds/3/delete']);
  expect(screen.getByRole('tab', { name: 'Összes hang (2)' })).toBeInTheDocument();
});

it("'Új hang kérése' posts what the shop wants and confirms with a toast", async () => {
  const { calls, toasts } = setup((call) =>
    call.url === '/api/sounds/requests'
      ? { status: 201, body: { id: 1, description: 'x', created_at: '' } }
      : { body: SOUNDS },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Új hang kérése' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új hang kérése' }, LAZY);
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Milyen hangot szeretne?' }), {
    target: { value: 'Rövid dallam a pénztárnyitáshoz' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kérés küldése' }));
  await waitFor(() => expect(toasts()).toEqual(['Köszönjük, a kérését továbbítottuk.']));
  const call = calls.find((c) => c.url === '/api/sounds/requests')!;
  expect(JSON.parse(String(call.init.body))).toEqual({ description: 'Rövid dallam a pénztárnyitáshoz' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('an upload past the 500 sounds shows the refusal under the name, and the dialog stays open', async () => {
  setup(() => ({ body: SOUNDS }));
  fireEvent.click(screen.getByRole('button', { name: 'Új hang feltöltése' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új hang feltöltése' }, LAZY);
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'A hang neve' }), { target: { value: 'Még egy' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  expect(FakeXhr.last!.url).toBe('/api/sounds');
  await act(async () => FakeXhr.last!.answer(422, { message: 'x', errors: { name: [soundMessages.limit] } }));
  expect(within(dialog).getByRole('textbox', { name: 'A hang neve' })).toHaveAccessibleDescription(
    'Legfeljebb 500 hang lehet.',
  );
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});
