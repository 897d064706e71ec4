import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { API, apiPid, SCALE, sleep } from './support';

/**
 * Alerts across the cluster (issue 40): API instance 1 is killed while the demo shop's `offline`
 * alert is due (it evaluates that minute when the kill comes), and instance 2 carries on: the alert
 * is open once, and its mail is written once, neither lost nor doubled. Runs last (after
 * stale-minutes.spec.ts): the cluster's supervisor starts instance 1 again afterwards.
 */

test.describe.configure({ mode: 'serial' });

const MINUTE = 60_000;

function tick(i: 1 | 2, at: number): Promise<Response> {
  return fetch(`${API.instance(i)}/api/_test/scheduler/tick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ at: new Date(at).toISOString() }),
  });
}

function mailCount(): number {
  const dataDir = process.env.SCALE_DATA_DIR!;
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((n) => n.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

test('an instance killed while an alert is due: the alert opens once and its mail goes out once', async () => {
  test.setTimeout(240_000);
  const db = new pg.Client({ connectionString: SCALE.databaseUrl });
  await db.connect();
  const demo = (await db.query<{ id: number }>("select id from customers where slug = 'demo'")).rows[0]!.id;
  const savedHours = (await db.query('select week, exceptions from opening_hours where customer_id = $1', [demo]))
    .rows[0];
  const savedPlayers = (
    await db.query<{ id: number; session_id: string | null }>(
      'select id, session_id from players where customer_id = $1',
      [demo],
    )
  ).rows;
  const users = Number(
    (await db.query('select count(*)::int as n from users where customer_id = $1', [demo])).rows[0].n,
  );
  try {
    // Open all day, `delay` 1, and no audio device: `offline` is due one evaluated minute after its cause.
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: '00:00',
      close: '23:59',
    }));
    await db.query(
      `insert into opening_hours (customer_id, week, exceptions) values ($1, $2, '[]')
       on conflict (customer_id) do update set week = excluded.week, exceptions = '[]'`,
      [demo, JSON.stringify(week)],
    );
    await db.query(
      `insert into alert_settings (customer_id, kinds, delay, email) values ($1, $2, 1, true)
       on conflict (customer_id) do update set kinds = excluded.kinds, delay = 1, email = true`,
      [demo, JSON.stringify({ offline: true, blocked: true, stalled: true, paused: false, spot_missed: true })],
    );
    await db.query('update players set session_id = null where customer_id = $1', [demo]);
    await db.query("delete from alerts where customer_id = $1 and kind = 'offline'", [demo]);
    await db.query('delete from alert_causes where customer_id = $1', [demo]);

    // Three days ahead at 10:00 UTC: minutes no other spec ticks.
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 3);
    start.setUTCHours(10, 0, 0, 0);
    let m = start.getTime();
    /** Ticks minutes on instance `i` until one is evaluated (it knows presence), answering that minute. */
    const evaluatedBy = async (i: 1 | 2): Promise<number> => {
      for (let tries = 0; tries < 40; tries++) {
        const at = m;
        m += MINUTE;
        expect((await tick(i, at + 200)).status).toBe(200);
        const row = (await db.query('select instance from alert_ticks where minute = $1', [new Date(at)])).rows[0];
        if (row) return at;
        await sleep(3_000);
      }
      throw new Error(`instance ${i} evaluated no minute in two minutes`);
    };
    const causeMinute = await evaluatedBy(1);
    const cause = (await db.query("select since from alert_causes where customer_id = $1 and kind = 'offline'", [demo]))
      .rows[0];
    expect(cause?.since.getTime()).toBe(causeMinute);
    const mailsBefore = mailCount();

    // The minute the alert is due: instance 1 evaluates it, and is killed as it does.
    const due = m;
    m += MINUTE;
    const pid = apiPid(1);
    const pending = tick(1, due + 200).catch(() => undefined);
    await sleep(15);
    process.kill(pid, 'SIGKILL');
    await pending;
    // Instance 2 carries on from the next minute it evaluates.
    await evaluatedBy(2);

    const rows = (
      await db.query<{ id: number; started_at: Date }>(
        "select id, started_at from alerts where customer_id = $1 and kind = 'offline'",
        [demo],
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.started_at.getTime()).toBe(causeMinute);
    // Its mails: one per user of the shop, sent once (by whichever instance's worker claimed them).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string }>(
              "select status from alert_outbox where alert_id = $1 and channel = 'mail'",
              [rows[0]!.id],
            )
          ).rows.map((r) => r.status),
        { timeout: 30_000 },
      )
      .toEqual(Array.from({ length: users }, () => 'sent'));
    await expect.poll(() => mailCount() - mailsBefore, { timeout: 10_000 }).toBe(users);
    await sleep(5_000);
    expect(mailCount() - mailsBefore).toBe(users);
  } finally {
    if (savedHours) {
      await db.query('update opening_hours set week = $2, exceptions = $3 where customer_id = $1', [
        demo,
        JSON.stringify(savedHours.week),
        JSON.stringify(savedHours.exceptions),
      ]);
    } else await db.query('delete from opening_hours where customer_id = $1', [demo]);
    for (const p of savedPlayers)
      await db.query('update players set session_id = $2 where id = $1', [p.id, p.session_id]);
    await db.query('delete from alert_settings where customer_id = $1', [demo]);
    await db.end().catch(() => {});
  }
});
