import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { mutate, SWRConfig } from 'swr';
import type { Alert, AlertSettings, AlertsPage } from '@/contracts/alerts';
import { ALERT_SETTINGS_DEFAULT, alertMessages } from '@/contracts/alerts';
import { AlertBanner } from '@/components/layout/AlertBanner';
import { AlertsBell } from '@/components/layout/AlertsBell';
import { AlertsSetting } from '@/components/settings/AlertsSetting';
import { noteAlertEvent } from '@/lib/api/alerts';
import { toastsAtom } from '@/lib/ui/toast';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';

jest.setTimeout(15_000);

const OFFLINE = 'Nem szól a zene: a zenét szóló eszköz nem elérhető';
const anAlert = (over: Partial<Alert> = {}): Alert => ({
  id: 1,
  kind: 'offline',
  title: OFFLINE,
  body: 'A zenét szóló eszköz nem elérhető.',
  started_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  closed_at: null,
  read: false,
  ...over,
});
const PAGE: AlertsPage = {
  current_page: 1,
  last_page: 1,
  data: [
    anAlert({ id: 2 }),
    anAlert({
      id: 1,
      kind: 'stalled',
      title: 'Nem szól a zene: a lejátszás elakadt',
      started_at: new Date(Date.now() - 60 * 60_000).toISOString(),
      closed_at: new Date(Date.now() - 48 * 60_000).toISOString(),
      read: true,
    }),
  ],
  unread: 1,
  open: [anAlert({ id: 2 })],
};

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  getDefaultStore().set(toastsAtom, []);
});

/** `ownCache`: a cache of the test's own, which no earlier test's request still in flight reaches. */
function setup(ui: React.ReactElement, answer: (call: FakeCall) => FakeAnswer, ownCache = false) {
  const fetch = installFakeFetch(answer);
  const provider = ownCache ? { provider: () => new Map() } : {};
  render(<SWRConfig value={{ dedupingInterval: 0, ...provider }}>{ui}</SWRConfig>);
  return fetch;
}

const served = (call: FakeCall): FakeAnswer => {
  if (call.url.startsWith('/api/alerts?page=1')) return { body: PAGE };
  if (call.url === '/api/alerts/read') return { body: { unread: 0 } };
  if (call.url === '/api/alert-settings' && (call.init.method ?? 'GET') === 'GET')
    return { body: ALERT_SETTINGS_DEFAULT };
  return { status: 404, body: { message: 'Not Found' } };
};

it('the bell shows the unread count and, pressed, the newest first with how long and "Megoldva"', async () => {
  const { calls } = setup(<AlertsBell />, served);
  const bell = await screen.findByRole('button', { name: 'Értesítések, 1 olvasatlan' });
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(bell);
  const list = screen.getByRole('region', { name: 'Értesítések' });
  // The list's rows come with its own chunk (AlertsPanel), at the first opening at the latest.
  const items = await within(list).findAllByRole('listitem');
  expect(items[0]).toHaveTextContent(OFFLINE);
  expect(items[0]).toHaveTextContent('5 perc');
  expect(items[0]).toHaveTextContent('Még tart');
  expect(items[1]).toHaveTextContent('12 perc');
  expect(items[1]).toHaveTextContent('Megoldva');
  expect(within(list).getByRole('link', { name: 'Heti jelentés' })).toHaveAttribute('href', '/reports');

  fireEvent.click(within(list).getByRole('button', { name: 'Összes olvasottnak jelölése' }));
  await screen.findByRole('button', { name: 'Értesítések' });
  const read = calls.find((c) => c.url === '/api/alerts/read');
  expect(read?.init.method).toBe('POST');
  expect(JSON.parse(String(read?.init.body))).toEqual({});
});

it('the list pages: "Korábbi értesítések" adds the next page, without repeating an alert, until the last', async () => {
  const older = anAlert({ id: 1, title: 'Elmaradt szpot: Reggeli akció', kind: 'spot_missed', read: true });
  const first: AlertsPage = { ...PAGE, last_page: 2, data: [anAlert({ id: 3 }), anAlert({ id: 2, read: true })] };
  // Page 2 starts with the last of page 1 again: an alert opened in between shifted the pages.
  const second: AlertsPage = { ...PAGE, current_page: 2, last_page: 2, data: [anAlert({ id: 2, read: true }), older] };
  const { calls } = setup(
    <AlertsBell />,
    (call) => {
      if (call.url.startsWith('/api/alerts?page=1')) return { body: first };
      if (call.url.startsWith('/api/alerts?page=2')) return { body: second };
      return served(call);
    },
    true,
  );
  fireEvent.click(await screen.findByRole('button', { name: /^Értesítések/ }));
  const list = screen.getByRole('region', { name: 'Értesítések' });
  expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
  fireEvent.click(within(list).getByRole('button', { name: 'Korábbi értesítések' }));
  await within(list).findByText('Elmaradt szpot: Reggeli akció');
  expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  expect(calls.filter((c) => c.url.startsWith('/api/alerts?page=2'))).toHaveLength(1);
  expect(within(list).queryByRole('button', { name: 'Korábbi értesítések' })).toBeNull();
});

it('the banner shows an open alert and goes when its close arrives', async () => {
  let page = PAGE;
  setup(<AlertBanner />, (call) => (call.url.startsWith('/api/alerts?page=1') ? { body: page } : served(call)));
  const banner = await screen.findByRole('alert');
  await within(banner).findByText(OFFLINE);
  const closed = { ...PAGE.open[0]!, closed_at: new Date().toISOString() };
  page = { ...PAGE, data: [closed, PAGE.data[1]!], open: [] };
  act(() => noteAlertEvent({ alert: closed, unread: 1 }));
  await waitFor(() => expect(within(banner).queryByText(OFFLINE)).toBeNull());
});

it('an API without alerts (404) shows no bell, no banner and no settings section', async () => {
  const { calls } = setup(
    <>
      <AlertsBell />
      <AlertBanner />
      <AlertsSetting />
    </>,
    () => ({ status: 404, body: { message: 'Not Found' } }),
    true,
  );
  await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/alert-settings'));
  await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/alerts?page=1'));
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.queryByRole('button', { name: /Értesítések/ })).toBeNull();
  expect(screen.queryByText(OFFLINE)).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Értesítések' })).toBeNull();
});

it('settings: a refused delay shows its message under the field; push is off with why without PushManager', async () => {
  let saved: AlertSettings | null = null;
  const { calls } = setup(<AlertsSetting />, (call) => {
    if (call.url === '/api/alert-settings' && call.init.method === 'POST') {
      const body = JSON.parse(String(call.init.body));
      if (body.delay === 0)
        return { status: 422, body: { message: alertMessages.delay, errors: { delay: [alertMessages.delay] } } };
      saved = body;
      return { body };
    }
    return served(call);
  });
  await screen.findByRole('heading', { name: 'Értesítések' });
  expect(screen.getByRole('checkbox', { name: 'A zenét szóló eszköz nem elérhető' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Nyitvatartás alatt 30 perce szünetel a zene' })).not.toBeChecked();

  const delay = screen.getByRole('spinbutton', { name: 'Késleltetés (perc)' });
  fireEvent.change(delay, { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(delay).toHaveAttribute('aria-invalid', 'true'));
  expect(delay).toHaveAccessibleDescription(expect.stringContaining(alertMessages.delay));

  fireEvent.change(delay, { target: { value: '1' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'E-mail értesítés' }));
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(saved).toEqual({ ...ALERT_SETTINGS_DEFAULT, delay: 1, email: false }));
  expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(2);

  const push = screen.getByRole('checkbox', { name: 'Értesítések erre az eszközre' });
  await waitFor(() => expect(push).toBeDisabled());
  expect(screen.getByText(/Ez a böngésző nem tud értesítést fogadni/)).toBeInTheDocument();
});
