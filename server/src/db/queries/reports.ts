import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Alert } from '../../../../contracts/alerts';
import type { Db } from '../client';
import {
  alertOutbox,
  alerts,
  customers,
  playReports,
  schedulerFires,
  spots,
  users,
  weeklyReportMails,
} from '../schema';

/*
 * The weekly report ('Heti jelentés'): what the shop heard (the devices' play reports merged into
 * stretches), its spots planned (the scheduler's fire log) against aired (the reports), and the
 * weekly mail's once-per-shop claim. Every read takes `customerId` and filters by it.
 */

type Scope = { customerId: number };
// Both drivers (node-postgres, PGlite) answer `{ rows }`.
type Rows<T> = { rows: T[] };

/**
 * Two reports this close are one stretch of sound: the moment between two tracks (the next one
 * loading) is not silence a manager needs to hear about.
 */
export const HEARD_JOIN_SECONDS = 5;
/** A report may claim up to a day (PLAYED_SECONDS_MAX): one begun the day before may reach in. */
const LONGEST_REPORT = '1 day';
/**
 * A week's alerts listed at most: a shop whose device flapped all week would otherwise list
 * thousands (the evaluator keeps one open alert per kind, so real weeks stay far below).
 */
const WEEK_ALERTS_MAX = 500;

export interface Stretch {
  /** UTC ms, [from, to). */
  from: number;
  to: number;
}

/**
 * The stretches something sounded in [from, to): every play report (track, spot or sound) as
 * [started_at, started_at + seconds), merged where they overlap or nearly touch (gaps and islands
 * in one pass over the customer's index), ascending. Clipped to the range.
 */
export async function heardStretches(
  db: Db,
  { customerId, from, to }: Scope & { from: Date; to: Date },
): Promise<Stretch[]> {
  const result = await db.execute(sql`
    WITH r AS (
      SELECT started_at AS s, started_at + seconds * interval '1 second' AS e, id
      FROM ${playReports}
      WHERE customer_id = ${customerId}
        AND started_at >= ${from.toISOString()}::timestamptz - ${LONGEST_REPORT}::interval
        AND started_at < ${to.toISOString()}::timestamptz
        AND seconds > 0
    ), marked AS (
      SELECT s, e,
        CASE WHEN s <= max(e) OVER (ORDER BY s, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
               + ${HEARD_JOIN_SECONDS} * interval '1 second'
             THEN 0 ELSE 1 END AS starts,
        id
      FROM r
    ), grouped AS (
      SELECT s, e, sum(starts) OVER (ORDER BY s, id ROWS UNBOUNDED PRECEDING) AS grp FROM marked
    )
    SELECT greatest(min(s), ${from.toISOString()}::timestamptz) AS s, least(max(e), ${to.toISOString()}::timestamptz) AS e
    FROM grouped
    GROUP BY grp
    HAVING max(e) > ${from.toISOString()}::timestamptz
    ORDER BY 1`);
  return (result as unknown as Rows<{ s: Date | string; e: Date | string }>).rows.map((r) => ({
    from: new Date(r.s).getTime(),
    to: new Date(r.e).getTime(),
  }));
}

export interface SpotTally {
  spotId: number;
  name: string;
  planned: number;
  aired: number;
  completed: number;
}

/**
 * Per spot in [from, to): the fires that sent it (the fire log, missed minutes included: they were
 * due) and the plays the devices reported of it. A spot that was only planned or only played (a
 * manager's 'Lejátszás most') is listed too. Its name is the spot's now, else as it last played.
 */
export async function spotTallies(
  db: Db,
  { customerId, from, to }: Scope & { from: Date; to: Date },
): Promise<SpotTally[]> {
  const result = await db.execute(sql`
    SELECT t.spot_id, coalesce(sp.name, t.played_name, '#' || t.spot_id) AS name,
      t.planned::int AS planned, t.aired::int AS aired, t.completed::int AS completed
    FROM (
      SELECT spot_id, sum(planned) AS planned, sum(aired) AS aired, sum(completed) AS completed,
        (array_agg(name ORDER BY at DESC) FILTER (WHERE name IS NOT NULL))[1] AS played_name
      FROM (
        SELECT (jsonb_array_elements_text(spot_ids))::int AS spot_id, 1 AS planned, 0 AS aired, 0 AS completed,
          NULL::text AS name, minute AS at
        FROM ${schedulerFires}
        WHERE customer_id = ${customerId}
          AND minute >= ${from.toISOString()}::timestamptz AND minute < ${to.toISOString()}::timestamptz
        UNION ALL
        SELECT item_id, 0, 1, CASE WHEN ended THEN 1 ELSE 0 END, name, started_at
        FROM ${playReports}
        WHERE customer_id = ${customerId} AND type = 'spot'
          AND started_at >= ${from.toISOString()}::timestamptz AND started_at < ${to.toISOString()}::timestamptz
      ) x
      GROUP BY spot_id
    ) t
    LEFT JOIN ${spots} sp ON sp.id = t.spot_id AND sp.customer_id = ${customerId}
    ORDER BY name ASC, t.spot_id ASC`);
  return (
    result as unknown as Rows<{ spot_id: number; name: string; planned: number; aired: number; completed: number }>
  ).rows.map((r) => ({
    spotId: Number(r.spot_id),
    name: r.name,
    planned: Number(r.planned),
    aired: Number(r.aired),
    completed: Number(r.completed),
  }));
}

/**
 * The alerts of [from, to): those under way at any moment of it (begun before and closed within or
 * still open, or begun within), oldest first. The 'Újra szól a zene' notices are left out: their
 * alert says when it closed.
 */
export async function listWeekAlerts(
  db: Db,
  { customerId, from, to }: Scope & { from: Date; to: Date },
): Promise<Alert[]> {
  const rows = await db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.customerId, customerId),
        ne(alerts.kind, 'recovered'),
        lt(alerts.startedAt, to),
        or(isNull(alerts.closedAt), gte(alerts.closedAt, from)),
      ),
    )
    .orderBy(asc(alerts.startedAt), asc(alerts.id))
    .limit(WEEK_ALERTS_MAX);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as Alert['kind'],
    title: r.title,
    body: r.body,
    started_at: r.startedAt.toISOString(),
    closed_at: r.closedAt?.toISOString() ?? null,
    ...(r.minutes ? { minutes: r.minutes } : {}),
    read: r.readAt !== null,
  }));
}

// ---------------------------------------------------------------------------------------------
// The weekly mail

/** The time zones the shops are in, as stored (an unknown name is resolved by the caller). */
export async function listShopTimeZones(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ timezone: customers.timezone }).from(customers);
  return rows.map((r) => r.timezone);
}

export interface WeeklyMailCandidate {
  id: number;
  slug: string;
  name: string;
  timezone: string;
}

/** The shops in these stored zones whose mail for `week` nobody has claimed, created before `createdBefore`. */
export async function listWeeklyMailCandidates(
  db: Db,
  { timezones, week, createdBefore }: { timezones: string[]; week: string; createdBefore: Date },
): Promise<WeeklyMailCandidate[]> {
  if (!timezones.length) return [];
  return db
    .select({ id: customers.id, slug: customers.slug, name: customers.name, timezone: customers.timezone })
    .from(customers)
    .where(
      and(
        inArray(customers.timezone, timezones),
        sql`${customers.createdAt} < ${createdBefore.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM ${weeklyReportMails} m WHERE m.customer_id = ${customers.id} AND m.week = ${week})`,
      ),
    )
    .orderBy(customers.id);
}

/** Claims the shop's mail for the week: true for the one instance whose row landed. */
export async function claimWeeklyMail(
  db: Db,
  { customerId, week, instance }: Scope & { week: string; instance: string },
): Promise<boolean> {
  const rows = await db
    .insert(weeklyReportMails)
    .values({ customerId, week, instance })
    .onConflictDoNothing()
    .returning({ customerId: weeklyReportMails.customerId });
  return rows.length > 0;
}

/** The week's mails as outbox rows (one per address; the key keeps a second write of the same mail out). */
export async function enqueueWeeklyMails(
  db: Db,
  {
    customerId,
    week,
    mails,
  }: Scope & { week: string; mails: Array<{ to: string; subject: string; text: string; html: string }> },
) {
  if (!mails.length) return;
  await db
    .insert(alertOutbox)
    .values(
      mails.map((m) => ({
        customerId,
        channel: 'mail',
        key: `weekly:${customerId}:${week}:${m.to}`,
        recipient: m.to,
        payload: m,
      })),
    )
    .onConflictDoNothing();
  await db
    .update(weeklyReportMails)
    .set({ sent: mails.length })
    .where(and(eq(weeklyReportMails.customerId, customerId), eq(weeklyReportMails.week, week)));
}

/** The shop's users' addresses (every user of the shop gets the weekly mail). */
export async function listShopEmails(db: Db, { customerId }: Scope): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(users.id);
  return rows.map((r) => r.email);
}
