import { expect, test } from '@playwright/test';
import pg from 'pg';
import { API, ApiClient, SCALE } from './support';

/**
 * Time on a bad day (issue 29, defects 8 and 9): a scheduler tick that the database holds up past
 * its minute plays nothing late (the next minute's fire stands alone), and a device whose clock is
 * hours off still logs its plays at the true time. Runs after cluster.spec.ts, which kills API
 * instance 1: everything here goes through instance 2 or the load balancer.
 */

test.describe.configure({ mode: 'serial' });

type Tick = { minute: string; fired: Array<{ scheduled_content_id: number }> };

function tick(at: number): Promise<Tick> {
  return fetch(`${API.instance(2)}/api/_test/scheduler/tick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ at: new Date(at).toISOString() }),
  }).then(async (res) => {
    expect(res.status).toBe(200);
    return (await res.json()) as Tick;
  });
}

test('a minute whose claim the database holds up into the next minute is logged as missed and never played beside it', async () => {
  const client = await ApiClient.loggedIn(API.lb);
  const spots = (await client.ok<Array<{ id: number }>>('GET', '/api/spots')).body;
  const item = (
    await client.ok<{ id: number }>('POST', '/api/scheduled-contents', {
      name: 'Elakadt perc',
      frequency: 'everyMinute',
      only_open: false,
      spots: [spots[0]!.id],
    })
  ).body;
  // The day after tomorrow at 03:00 UTC: apart from the minutes cluster.spec.ts ticks.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 2);
  start.setUTCHours(3, 0, 0, 0);
  const m = start.getTime();

  const db = new pg.Client({ connectionString: SCALE.databaseUrl });
  await db.connect();
  try {
    // A session that holds the fire log: the claims wait, as on a database that hangs.
    await db.query('BEGIN');
    await db.query('LOCK TABLE scheduler_fires IN EXCLUSIVE MODE');
    const late = tick(m + 200);
    await new Promise((r) => setTimeout(r, 400));
    // The next minute's tick comes 85 s into the first (it moves the instance's clock there).
    const next = tick(m + 85_000);
    await new Promise((r) => setTimeout(r, 400));
    await db.query('COMMIT');
    const [lateAnswer, nextAnswer] = await Promise.all([late, next]);
    expect(lateAnswer.fired.map((f) => f.scheduled_content_id)).not.toContain(item.id);
    expect(nextAnswer.fired.map((f) => f.scheduled_content_id)).toContain(item.id);

    const { rows } = await db.query<{ minute: Date; missed: boolean }>(
      'select minute, missed from scheduler_fires where scheduled_content_id = $1 order by minute',
      [item.id],
    );
    expect(rows.map((r) => [r.minute.getTime(), r.missed])).toEqual([
      [m, true],
      [m + 60_000, false],
    ]);
  } finally {
    await db.end().catch(() => {});
    await client.call('POST', `/api/scheduled-contents/delete/${item.id}`);
  }
});

test("a device whose clock is 2 h behind logs its play at the API's time", async () => {
  const client = await ApiClient.loggedIn(API.lb);
  const player = await client.player();
  const spot = (await client.ok<Array<{ id: number; name: string }>>('GET', '/api/spots')).body[0]!;
  const deviceStart = Date.now() - 2 * 3_600_000 - 20_000;
  const reportId = `skew-${Date.now().toString(36)}`;
  const before = Date.now();
  const answer = await client.ok<{ started_at: string }>('POST', `/api/players/${player.id}/played`, {
    type: 'spot',
    id: spot.id,
    started_at: new Date(deviceStart).toISOString(),
    age_ms: 20_000,
    seconds: 20,
    ended: true,
    report_id: reportId,
  });
  const stamped = Date.parse(answer.body.started_at);
  expect(stamped).toBeGreaterThanOrEqual(before - 21_000);
  expect(stamped).toBeLessThanOrEqual(Date.now() - 19_000);
  // The log shows it at that time, in the shop's offset.
  const day = (offset: number) => new Date(stamped + offset * 86_400_000).toISOString().slice(0, 10);
  const log = (
    await client.ok<{ data: Array<{ key: string; name: string; started_at: string }> }>(
      'GET',
      `/api/play-log?type=spot&from=${day(-1)}&to=${day(1)}`,
    )
  ).body;
  const row = log.data.find((e) => Math.abs(Date.parse(e.started_at) - stamped) < 1000 && e.name === spot.name);
  expect(row, JSON.stringify(log.data.slice(0, 3))).toBeTruthy();
});
