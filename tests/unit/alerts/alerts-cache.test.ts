import {
  ALERT_BANNER_KINDS,
  ALERT_DELAY_MAX,
  ALERT_DELAY_MIN,
  ALERT_KINDS,
  alertEventSchema,
  type Alert,
  type AlertsPage,
} from '@/contracts/alerts';
import { ALERT_CLOSED_EVENT, ALERT_OPENED_EVENT } from '@/contracts/names';
import { allRead, BANNER_KINDS, DELAY_MAX, DELAY_MIN, SETTING_KINDS, withAlert } from '@/lib/api/alerts';
import { alertMinutes, formatAlertTime } from '@/lib/format/alert';
import { readAlertEvent } from '@/lib/realtime/guards';
import { LISTEN, WIRE, wireEventName } from '@/lib/realtime/names';

const anAlert = (over: Partial<Alert> = {}): Alert => ({
  id: 1,
  kind: 'offline',
  title: 'Nem szól a zene: a zenét szóló eszköz nem elérhető',
  body: 'A zenét szóló eszköz 10:02 óta nem elérhető.',
  started_at: '2026-11-27T09:02:00.000Z',
  closed_at: null,
  read: false,
  ...over,
});

const aPage = (data: Alert[], over: Partial<AlertsPage> = {}): AlertsPage => ({
  current_page: 1,
  last_page: 1,
  data,
  unread: data.filter((a) => !a.read).length,
  open: data.filter((a) => a.closed_at === null && a.kind !== 'paused' && a.kind !== 'spot_missed'),
  ...over,
});

it('repeats the contract constants the browser may not import', () => {
  expect(BANNER_KINDS).toEqual(ALERT_BANNER_KINDS);
  expect(DELAY_MIN).toBe(ALERT_DELAY_MIN);
  expect(DELAY_MAX).toBe(ALERT_DELAY_MAX);
  expect(SETTING_KINDS).toEqual(ALERT_KINDS);
});

it('listens for the server wire names of the alert events', () => {
  expect(wireEventName(LISTEN.alertOpened)).toBe(ALERT_OPENED_EVENT);
  expect(wireEventName(LISTEN.alertClosed)).toBe(ALERT_CLOSED_EVENT);
  expect(WIRE.alertOpened).toBe(ALERT_OPENED_EVENT);
});

describe('readAlertEvent', () => {
  it('reads what the contract allows, and drops the malformed', () => {
    const event = { alert: anAlert({ minutes: ['10:00', '11:00'] }), unread: 2, extra: true };
    expect(alertEventSchema.safeParse(event).success).toBe(true);
    expect(readAlertEvent(event)).toEqual({ alert: anAlert({ minutes: ['10:00', '11:00'] }), unread: 2 });
    expect(readAlertEvent({ alert: anAlert(), unread: '2' })).toBeNull();
    expect(readAlertEvent({ alert: { ...anAlert(), kind: 'fire' }, unread: 1 })).toBeNull();
    expect(readAlertEvent({ alert: { ...anAlert(), closed_at: 5 }, unread: 1 })).toBeNull();
    expect(readAlertEvent(null)).toBeNull();
  });
});

describe('withAlert', () => {
  it('puts a new alert first, counts it and shows its banner', () => {
    const old = anAlert({ id: 1, kind: 'spot_missed', started_at: '2026-11-27T08:00:00.000Z', read: true });
    const next = withAlert(aPage([old]), { alert: anAlert({ id: 2 }), unread: 1 });
    expect(next.data.map((a) => a.id)).toEqual([2, 1]);
    expect(next.unread).toBe(1);
    expect(next.open.map((a) => a.id)).toEqual([2]);
  });

  it('a closed alert stays in the list as closed and leaves the banner', () => {
    const open = anAlert({ id: 2 });
    const closed = { ...open, closed_at: '2026-11-27T09:10:00.000Z' };
    const next = withAlert(aPage([open]), { alert: closed, unread: 1 });
    expect(next.data).toEqual([closed]);
    expect(next.open).toEqual([]);
  });

  it('a paused alert is in the list but never a banner', () => {
    const next = withAlert(aPage([]), { alert: anAlert({ id: 3, kind: 'paused' }), unread: 1 });
    expect(next.data).toHaveLength(1);
    expect(next.open).toEqual([]);
  });

  it('does not make a read alert unread again when it closes', () => {
    const open = anAlert({ id: 2, read: true });
    const next = withAlert(aPage([open]), {
      alert: { ...open, read: false, closed_at: '2026-11-27T09:10:00.000Z' },
      unread: 0,
    });
    expect(next.data[0]!.read).toBe(true);
  });
});

it('allRead marks the page read with the server count', () => {
  const page = allRead(aPage([anAlert({ id: 1 }), anAlert({ id: 2 })]), 0);
  expect(page.unread).toBe(0);
  expect(page.data.every((a) => a.read)).toBe(true);
});

describe('formatting', () => {
  const now = Date.parse('2026-11-27T15:00:00.000Z');
  it('shows the shop time of today, and the date before today', () => {
    expect(formatAlertTime('2026-11-27T09:02:00.000Z', 'Europe/Budapest', now)).toBe('10:02');
    expect(formatAlertTime('2026-11-26T22:30:00.000Z', 'Europe/Budapest', now)).toBe('2026/11/26 23:30');
    expect(formatAlertTime('2026-11-26T23:30:00.000Z', 'Europe/Budapest', now)).toBe('00:30');
    expect(formatAlertTime('nem dátum', 'Europe/Budapest', now)).toBe('-');
  });
  it('counts whole minutes to the close, or to now while open', () => {
    expect(alertMinutes('2026-11-27T09:02:00.000Z', '2026-11-27T09:14:59.000Z', now)).toBe(12);
    expect(alertMinutes('2026-11-27T14:30:00.000Z', null, now)).toBe(30);
    expect(alertMinutes('2026-11-27T15:30:00.000Z', null, now)).toBe(0);
  });
});
