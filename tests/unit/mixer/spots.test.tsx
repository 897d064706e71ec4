import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { mutate, SWRConfig } from 'swr';
import type { Player, Spot } from '@/contracts';
import { spotMessages } from '@/contracts/spots';
import { SpotsView } from '@/components/mixer/spots/SpotsView';
import { playerAtom } from '@/lib/player/state';
import { toastsAtom } from '@/lib/ui/toast';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';
import { FakeXhr, installFakeXhr } from '../fake-xhr';

// The forms and the confirm dialog fetch their code on first opening: on a busy machine the first
// import (compiled on the fly) takes longer than findBy's default second.
const LAZY = { timeout: 5000 };
jest.setTimeout(15_000);

installFakeXhr();

const SPOTS: Spot[] = [
  {
    id: 4,
    name: 'Hétvégi akció',
    file_name: 'hetvegi-akcio.mp3',
    url: 'https://api.example/media/spots/4.mp3?signature=x',
    duration: 12,
    created_at: '2026-11-02T10:00:00Z',
  },
];

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(playerAtom, null);
});

/** The bundled API's player carries `version`; a Laravel one does not. */
const BUNDLED = { id: 5, version: 3 } as Player;
const LARAVEL = { id: 5 } as Player;

function setup(answer: (call: FakeCall) => FakeAnswer = () => ({ body: SPOTS }), initial: Spot[] | null = SPOTS) {
  const fetch = installFakeFetch(answer);
  render(
    <SWRConfig value={{ fallback: initial ? { '/api/spots': initial } : {} }}>
      <SpotsView initial={initial} />
    </SWRConfig>,
  );
  return {
    ...fetch,
    toasts: () =>
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.message),
  };
}

const mp3 = new File(['ID3'], 'uj-akcio.mp3', { type: 'audio/mpeg' });

// First: SWR dedupes a fetch of the same key within 2 s, so after another test this one would not fetch.
it('a failed list shows its notice, and "Újrapróbálás" fetches it', async () => {
  let fail = true;
  setup(() => (fail ? { status: 503, body: {} } : { body: SPOTS }), null);
  expect(await screen.findByText('A szpotok betöltése nem sikerült.')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Újrapróbálás' }));
  expect(await screen.findByRole('table', { name: 'Reklám szpotok' })).toBeInTheDocument();
});

it('lists the spots with their file names and lengths (m:ss)', () => {
  setup(undefined, [SPOTS[0]!, { ...SPOTS[0]!, id: 9, name: 'Hosszú', duration: 75.9 }]);
  const table = screen.getByRole('table', { name: 'Reklám szpotok' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Szpot neve', 'Fájlnév', 'Hossz', 'Műveletek']);
  expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Hétvégi akció');
  expect(within(table).getAllByText('hetvegi-akcio.mp3')[0]).toBeInTheDocument();
  expect(within(table).getByText('0:12')).toBeInTheDocument();
  expect(within(table).getByText('1:15')).toBeInTheDocument();
});

it("'Azonnali lejátszás' sends the spot to the audio device and says so; 409 says there is none", async () => {
  getDefaultStore().set(playerAtom, BUNDLED);
  let status = 200;
  const { calls, toasts } = setup((call) =>
    call.url.endsWith('/spots/play')
      ? status === 200
        ? { body: { spots: [{ id: 4, type: 'spot', url: SPOTS[0]!.url }] } }
        : { status, body: { message: 'Nincs zenét szóló eszköz.' } }
      : { body: SPOTS },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Azonnali lejátszás: Hétvégi akció' }));
  await waitFor(() => expect(toasts()).toEqual(['A szpotot elküldtük a zenét szóló eszközre.']));
  const sent = calls.find((c) => c.url.endsWith('/spots/play'))!;
  expect(sent.url).toBe('/api/players/5/spots/play');
  expect(sent.init.method).toBe('POST');
  expect(JSON.parse(String(sent.init.body))).toEqual({ spots: [4] });

  status = 409;
  act(() => getDefaultStore().set(toastsAtom, []));
  fireEvent.click(screen.getByRole('button', { name: 'Azonnali lejátszás: Hétvégi akció' }));
  await waitFor(() => expect(toasts()).toEqual(['Nincs zenét szóló eszköz.']));

  // The spot's modal in edit mode offers it too.
  status = 200;
  act(() => getDefaultStore().set(toastsAtom, []));
  fireEvent.click(screen.getByRole('button', { name: 'Szerkesztés: Hétvégi akció' }));
  const dialog = await screen.findByRole('dialog', { name: 'Szpot szerkesztése' }, LAZY);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Azonnali lejátszás' }));
  await waitFor(() => expect(toasts()).toEqual(['A szpotot elküldtük a zenét szóló eszközre.']));
  expect(calls.filter((c) => c.url.endsWith('/spots/play'))).toHaveLength(3);
});

it("hides 'Azonnali lejátszás' against an API without the call (a player without version), in the modal too", async () => {
  getDefaultStore().set(playerAtom, LARAVEL);
  setup();
  expect(screen.getByRole('button', { name: 'Szerkesztés: Hétvégi akció' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Azonnali lejátszás/ })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Szerkesztés: Hétvégi akció' }));
  const dialog = await screen.findByRole('dialog', { name: 'Szpot szerkesztése' }, LAZY);
  expect(within(dialog).getByText('Fájl csere')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /^Azonnali lejátszás/ })).not.toBeInTheDocument();
});

it("marks a spot longer than 10 minutes 'Túl hosszú'; one of 10:00 is not marked", () => {
  const spot = (id: number, name: string, duration: number): Spot => ({ ...SPOTS[0]!, id, name, duration });
  setup(undefined, [spot(7, 'Régi hosszú', 754.3), spot(8, 'Pont tíz perc', 600.04)]);
  const table = screen.getByRole('table', { name: 'Reklám szpotok' });
  const [long, exact] = within(table).getAllByRole('rowheader');
  expect(long).toHaveTextContent('Régi hosszúTúl hosszú');
  expect(exact).toHaveTextContent(/^Pont tíz perc$/);
});

it('edits a spot: the current file in a preview, "Fájl csere", and the update posted with its id', async () => {
  const { toasts } = setup();
  fireEvent.click(screen.getByRole('button', { name: 'Szerkesztés: Hétvégi akció' }));
  const dialog = await screen.findByRole('dialog', { name: 'Szpot szerkesztése' }, LAZY);
  const preview = dialog.querySelector('audio[data-spot-preview]');
  expect(preview).toHaveAttribute('src', SPOTS[0]!.url);
  expect(within(dialog).getByText('Jelenlegi fájl: hetvegi-akcio.mp3')).toBeInTheDocument();
  expect(within(dialog).getByText('Fájl csere')).toBeInTheDocument();

  const name = within(dialog).getByRole('textbox', { name: 'Szpot neve' });
  expect(name).toHaveValue('Hétvégi akció');
  fireEvent.change(name, { target: { value: 'Hétvégi nagy akció' } });
  fireEvent.change(within(dialog).getByLabelText('Hangfájl (MP3)'), { target: { files: [mp3] } });
  // Enter submits (SPEC.md §5).
  fireEvent.keyDown(name, { key: 'Enter' });
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  const xhr = FakeXhr.last!;
  expect(xhr.url).toBe('/api/spots/4');
  const body = xhr.body as FormData;
  expect(body.get('name')).toBe('Hétvégi nagy akció');
  expect(body.get('id')).toBe('4');
  expect((body.get('file') as File).name).toBe('uj-akcio.mp3');
  act(() => xhr.progress(30, 100));
  expect(within(dialog).getByRole('progressbar', { name: 'Feltöltés' })).toHaveAttribute('aria-valuenow', '30');

  await act(async () => xhr.answer(200, { ...SPOTS[0], name: 'Hétvégi nagy akció', file_name: 'uj-akcio.mp3' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts()).toEqual(['Sikeresen mentve.']);
  expect(screen.getByRole('rowheader')).toHaveTextContent('Hétvégi nagy akció');
  expect(screen.getByText('uj-akcio.mp3')).toBeInTheDocument();
});

it('shows the server’s first error under each field and stays open', async () => {
  setup();
  fireEvent.click(screen.getByRole('button', { name: 'Új szpot feltöltése' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új szpot feltöltése' }, LAZY);
  expect(dialog.querySelector('audio')).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  expect(FakeXhr.last!.url).toBe('/api/spots');
  expect((FakeXhr.last!.body as FormData).get('id')).toBeNull();
  await act(async () =>
    FakeXhr.last!.answer(422, {
      message: 'x',
      errors: { name: ['A név megadása kötelező.'], file: ['A fájl megadása kötelező.', 'Második'] },
    }),
  );
  expect(within(dialog).getByRole('textbox', { name: 'Szpot neve' })).toHaveAccessibleDescription(
    'A név megadása kötelező.',
  );
  expect(within(dialog).getByLabelText('Hangfájl (MP3)')).toHaveAccessibleDescription('A fájl megadása kötelező.');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('an upload past the 500 spots shows the refusal under the name', async () => {
  setup();
  fireEvent.click(screen.getByRole('button', { name: 'Új szpot feltöltése' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új szpot feltöltése' }, LAZY);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  await act(async () => FakeXhr.last!.answer(422, { message: 'x', errors: { name: [spotMessages.limit] } }));
  expect(within(dialog).getByRole('textbox', { name: 'Szpot neve' })).toHaveAccessibleDescription(
    'Legfeljebb 500 szpot lehet.',
  );
});

it('deletes after confirmation; a failed delete reloads the list silently', async () => {
  let fail = true;
  const { calls, toasts } = setup((call) => {
    if (call.url === '/api/spots/delete/4') return fail ? { status: 500, body: {} } : { body: true };
    return { body: SPOTS };
  });
  const confirm = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Törlés: Hétvégi akció' }));
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog', undefined, LAZY));
    expect(dialog).toHaveTextContent('Biztosan törli a szpotot?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Szpot törlése' })));
  };
  await confirm();
  await waitFor(() =>
    expect(calls.filter((c) => c.url === '/api/spots' && (c.init.method ?? 'GET') === 'GET')).toHaveLength(1),
  );
  expect(toasts()).toEqual([]);
  expect(screen.getByRole('rowheader')).toHaveTextContent('Hétvégi akció');

  fail = false;
  await confirm();
  await waitFor(() => expect(toasts()).toEqual(['Sikeresen eltávolítva.']));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.getByText('Még nincs reklám szpotja.')).toBeInTheDocument();
});
