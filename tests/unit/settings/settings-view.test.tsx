import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { mutate, SWRConfig } from 'swr';
import type { Customer, Setting } from '@/contracts';
import { SETTING_LOGO, SETTING_TIMEZONE } from '@/contracts/settings';
import { SettingsView } from '@/components/settings/SettingsView';
import { LOGO_SETTING } from '@/lib/api/customer';
import { TIMEZONE_SETTING } from '@/lib/api/settings';
import { useCustomer } from '@/lib/api/use-customer';
import { toastsAtom } from '@/lib/ui/toast';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';
import { FakeXhr, installFakeXhr } from '../fake-xhr';

installFakeXhr();
// The zone select has some 400 options, which the role queries walk: slow on a busy machine.
jest.setTimeout(30_000);

const LOGO: Setting = { id: 1, key: 'logo', value: null, url: 'https://api.example/media/logos/old.png?signature=a' };
const ZONE: Setting = { id: 2, key: 'timezone', value: 'Europe/Budapest', url: null };
const OTHER: Setting = { id: 3, key: 'receipt_footer', value: 'Köszönjük!', url: null };
const SETTINGS = [LOGO, ZONE, OTHER];
const CUSTOMER: Customer = { id: 7, name: 'Demo Bolt', slug: 'demo', settings: [LOGO] };

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  getDefaultStore().set(toastsAtom, []);
});

afterEach(() => {
  jest.useRealTimers();
});

/** What the header reads: the customer's logo setting (seeded as the layout seeds it: a fallback). */
function HeaderLogo() {
  const { data: customer } = useCustomer();
  return <span data-testid="header-logo">{customer?.settings.find((s) => s.key === 'logo')?.url}</span>;
}

function setup(answer: (call: FakeCall) => FakeAnswer = () => ({ body: SETTINGS })) {
  const fetch = installFakeFetch(answer);
  const view = render(
    <SWRConfig value={{ fallback: { '/api/settings': SETTINGS, '/api/customer': CUSTOMER } }}>
      <SettingsView initial={SETTINGS} openingHours={{ week: [], exceptions: [] }} blockedTracks={[]} />
      <HeaderLogo />
    </SWRConfig>,
  );
  return {
    ...fetch,
    view,
    toasts: () =>
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.message),
  };
}

it('keeps the web’s names of the two rows every shop has equal to the contract’s', () => {
  expect([LOGO_SETTING, TIMEZONE_SETTING]).toEqual([SETTING_LOGO, SETTING_TIMEZONE]);
});

it('lists the settings under Hungarian names, an unknown key as it is', () => {
  setup();
  const list = screen.getByRole('list', { name: 'Beállítások' });
  expect(
    within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent),
  ).toEqual(['Logó', 'Időzóna', 'receipt_footer']);
  expect(within(list).getByRole('img', { name: 'A jelenlegi logó' })).toHaveAttribute('src', LOGO.url);
});

describe('a value edited in place', () => {
  it('offers Europe/Budapest first and saves the zone: the toast, and "Mentve" for exactly 3 s', async () => {
    const saved: Setting = { ...ZONE, value: 'Europe/London' };
    const { calls, toasts } = setup(() => ({ body: saved }));
    jest.useFakeTimers();
    const select = screen.getByLabelText('Időzóna');
    expect(select.querySelector('option')).toHaveValue('Europe/Budapest');
    const row = select.closest('li')!;
    const save = within(row).getByRole('button', { name: 'Mentés' });
    expect(save).toBeDisabled();

    // The manager turns to the picker: every zone is offered at once.
    fireEvent.focus(select);
    fireEvent.change(select, { target: { value: 'Europe/London' } });
    await act(async () => {
      fireEvent.click(save);
    });
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url).toBe('/api/settings/2');
    const body = post.init.body as FormData;
    expect([body.get('id'), body.get('key'), body.get('value')]).toEqual(['2', 'timezone', 'Europe/London']);
    expect(toasts()).toContain('Sikeresen elmentve.');
    expect(within(row).getByText('Mentve')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(2999);
    });
    expect(within(row).getByText('Mentve')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(within(row).queryByText('Mentve')).not.toBeInTheDocument();
    expect(select).toHaveValue('Europe/London');
    expect(save).toBeDisabled();
  });

  it('offers Budapest alone at first, then every zone the browser knows, built in idle slices without a touch', async () => {
    setup();
    const select = screen.getByLabelText('Időzóna');
    // As the server's HTML: the zones Node's ICU knows differ from the browser's.
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['Europe/Budapest']);
    const known = Intl.supportedValuesOf('timeZone').length;
    await waitFor(() => expect(select.querySelectorAll('option').length).toBeGreaterThan(known * 0.9), {
      timeout: 10_000,
    });
    expect(select).toHaveValue('Europe/Budapest');
    expect(within(select).getByRole('option', { name: /^London \(UTC/ })).toBeInTheDocument();
  });

  it('a refused value: the error toast and the server’s first message under the field, no "Mentve"', async () => {
    const { toasts } = setup(() => ({
      status: 422,
      body: { message: 'x', errors: { value: ['Ismeretlen érték.', 'b'] } },
    }));
    const field = screen.getByRole('textbox', { name: 'receipt_footer' });
    fireEvent.change(field, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(field.closest('li')!).getByRole('button', { name: 'Mentés' }));
    });
    expect(toasts()).toEqual(['Hibás kitöltés, kérjük javítsa.']);
    expect(screen.getByText('Ismeretlen érték.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Mentve')).not.toBeInTheDocument();
  });
});

describe('the logo', () => {
  const png = new File(['png'], 'uj-logo.png', { type: 'image/png' });

  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  function openEditor() {
    fireEvent.click(screen.getByRole('button', { name: 'Logó cseréje' }));
    return screen.getByLabelText('Új logó');
  }

  it('switches to the editor and back: "Mégse" leaves the old logo', () => {
    setup();
    const input = openEditor();
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { files: [png] } });
    expect(screen.getByRole('img', { name: 'Az új logó előnézete' })).toHaveAttribute('src', 'blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Mégse' }));
    expect(screen.queryByLabelText('Új logó')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logó cseréje' })).toHaveFocus();
    expect(FakeXhr.last).toBeNull();
  });

  it('takes a dropped file and refuses one that is not JPEG or PNG', () => {
    setup();
    const input = openEditor();
    const zone = input.parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'logo.gif', { type: 'image/gif' })] } });
    expect(screen.getByText('Csak JPEG, JPG vagy PNG kép tölthető fel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feltöltés' })).toBeDisabled();
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    expect(screen.getByText('uj-logo.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feltöltés' })).toBeEnabled();
  });

  it('uploads with progress; the new logo shows here and in the header’s cache at once', async () => {
    const { toasts } = setup();
    fireEvent.change(openEditor(), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Feltöltés' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/settings/file/1');
    const body = xhr.body as FormData;
    expect([body.get('id'), body.get('key'), (body.get('file') as File).name]).toEqual(['1', 'logo', 'uj-logo.png']);
    act(() => xhr.progress(50, 100));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    const fresh = { ...LOGO, url: 'https://api.example/media/logos/new.png?signature=b' };
    expect(screen.getByTestId('header-logo')).toHaveTextContent(LOGO.url!);
    await act(async () => xhr.answer(200, fresh));
    expect(toasts()).toContain('Sikeresen elmentve.');
    expect(screen.getByRole('img', { name: 'A jelenlegi logó' })).toHaveAttribute('src', fresh.url);
    expect(screen.getByTestId('header-logo')).toHaveTextContent(fresh.url);
    expect(screen.getByText('Mentve')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logó cseréje' })).toHaveFocus();
  });

  it('a refused file: the error toast, errors.file under the field, the editor and the old logo stay', async () => {
    const { toasts } = setup();
    fireEvent.change(openEditor(), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Feltöltés' }));
    await act(async () => FakeXhr.last!.answer(422, { message: 'x', errors: { file: ['A fájl nem kép.'] } }));
    expect(toasts()).toEqual(['Hibás kitöltés, kérjük javítsa.']);
    expect(screen.getByText('A fájl nem kép.')).toBeInTheDocument();
    expect(screen.getByLabelText('Új logó')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A jelenlegi logó' })).toHaveAttribute('src', LOGO.url);
  });

  it('"Mégse" during the upload stops it and shows nothing', async () => {
    const { toasts } = setup();
    fireEvent.change(openEditor(), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Feltöltés' }));
    const xhr = FakeXhr.last!;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mégse' }));
    });
    expect(xhr.aborted).toBe(true);
    expect(toasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Logó cseréje' })).toBeInTheDocument();
  });
});

describe("the shop's day (issue 26)", () => {
  function render404(answer: (call: FakeCall) => FakeAnswer) {
    const fetch = installFakeFetch(answer);
    render(
      <SWRConfig value={{ fallback: { '/api/settings': SETTINGS } }}>
        <SettingsView initial={SETTINGS} openingHours={null} blockedTracks={null} />
      </SWRConfig>,
    );
    return fetch;
  }

  it('an API without the calls (404): neither section shows, the settings stay', async () => {
    const { calls } = render404(() => ({ status: 404, body: { message: 'Not Found' } }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/blocked-tracks', '/api/opening-hours']));
    expect(screen.queryByRole('heading', { name: 'Nyitvatartás' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Letiltott zenék' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Időzóna' })).toBeInTheDocument();
  });

  it('no hours set: says the shop is always open; a 422 shows under its day’s field', async () => {
    const { calls } = render404((call) =>
      call.init.method === 'POST'
        ? { status: 422, body: { message: 'x', errors: { 'week.0.close': ['A nyitás és a zárás nem lehet azonos.'] } } }
        : { body: call.url === '/api/opening-hours' ? { week: [], exceptions: [] } : [] },
    );
    expect(
      await screen.findByText(
        'Nincs megadva nyitvatartás: a bolt mindig nyitva van, a zene magától nem indul és nem áll le.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Nincs letiltott zene\./)).toBeInTheDocument();
    const close = screen.getByLabelText('Hétfő: Zárás');
    fireEvent.change(screen.getByLabelText('Hétfő: Nyitás'), { target: { value: '20:00' } });
    fireEvent.change(close, { target: { value: '02:00' } });
    expect(screen.getByText('Éjfél után zár, másnap 02:00-kor.')).toBeInTheDocument();
    fireEvent.change(close, { target: { value: '20:00' } });
    expect(screen.queryByText(/Éjfél után zár/)).toBeNull();
    fireEvent.click(within(screen.getByRole('form', { name: 'Nyitvatartás' })).getByRole('button', { name: 'Mentés' }));
    await screen.findByText('A nyitás és a zárás nem lehet azonos.');
    expect(close).toHaveAttribute('aria-invalid', 'true');
    const post = calls.find((c) => c.init.method === 'POST')!;
    const body = JSON.parse(post.init.body as string) as { week: unknown[] };
    expect(body.week[0]).toEqual({ day: 'monday', open: '20:00', close: '20:00' });
    expect(body.week[6]).toEqual({ day: 'sunday', closed: true });
  });
});
