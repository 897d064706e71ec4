import { addDays, isoWeekOf } from '../../../contracts/iso-week';
import { transaction, type Db } from '../db/client';
import {
  claimWeeklyMail,
  enqueueWeeklyMails,
  listShopEmails,
  listShopTimeZones,
  listWeeklyMailCandidates,
  type WeeklyMailCandidate,
} from '../db/queries/reports';
import { floorMinute, localMinute, timeZoneOf, zonedDayStart } from '../../../contracts/time';
import { weeklyReport } from './weekly';
import { weeklyMail } from './weekly-format';

/**
 * The Monday mail ('Heti összesítő'): from 08:00 on the shop's Monday, the week before goes to every
 * user of the shop, once. Ticked with the scheduler's minutes (so the scheduler's test clock drives
 * it), it looks at the database only on a Monday past 08:00 somewhere.
 *
 * Exactly once across instances: each shop's mail is claimed in `weekly_report_mails` (shop, week)
 * in the transaction that writes its outbox rows (one per user), and only the instance whose claim
 * landed writes them; the alerts' outbox then sends each once (retrying a failed send, never one
 * whose outcome is unknown). A shop not yet claimed (an instance that was down at 08:00, or stopped
 * half way) is claimed at the next minute, until the Monday ends.
 */

/** 08:00 on the shop's wall clock. */
export const WEEKLY_MAIL_MINUTE_OF_DAY = 8 * 60;
/** Shops handled at once: a Monday of thousands of shops must not hold the database's pool. */
const SHOPS_AT_ONCE = 4;
const MONDAY = 1;

export interface WeeklyMailSent {
  customerId: number;
  week: string;
  /** The mails put in the outbox (one per user of the shop). */
  recipients: number;
}

export interface WeeklyMailRunner {
  /** Puts in the outbox the mails due at the minute containing `minuteUtcMs` that nobody has claimed; what this instance claimed. */
  tick(minuteUtcMs: number): Promise<WeeklyMailSent[]>;
}

export interface WeeklyMailLog {
  error(obj: object, msg: string): void;
}

export function reportLink(webUrl: string, slug: string, week: string): string {
  return `${webUrl.replaceAll('{tenant}', slug)}/reports?week=${encodeURIComponent(week)}`;
}

export function createWeeklyMailRunner({
  db,
  webUrl,
  instance,
  onEnqueued = () => {},
  log = { error: () => {} },
}: {
  db: Db;
  webUrl: string;
  instance: string;
  /** Called after a tick that wrote outbox rows (the outbox's worker sends them). */
  onEnqueued?: () => void;
  log?: WeeklyMailLog;
}): WeeklyMailRunner {
  /**
   * Claims the shop's mail for the week and writes one outbox row per user, in one transaction: the
   * mail exists exactly when the claim does, and the outbox's worker (any instance's) sends it, with
   * its retries. The report is read inside the transaction too (PGlite has one connection).
   */
  async function enqueueOne(shop: WeeklyMailCandidate, week: ReturnType<typeof isoWeekOf>, minute: number) {
    return transaction(db, async (tx) => {
      if (!(await claimWeeklyMail(tx, { customerId: shop.id, week: week.week, instance }))) return null;
      const [report, emails] = await Promise.all([
        weeklyReport(tx, { shop, week, now: minute }),
        listShopEmails(tx, { customerId: shop.id }),
      ]);
      const mail = weeklyMail(shop.name, report, reportLink(webUrl, shop.slug, week.week));
      await enqueueWeeklyMails(tx, {
        customerId: shop.id,
        week: week.week,
        mails: emails.map((to) => ({ to, ...mail })),
      });
      return { customerId: shop.id, week: week.week, recipients: emails.length };
    });
  }

  async function tick(minuteUtcMs: number): Promise<WeeklyMailSent[]> {
    const minute = floorMinute(minuteUtcMs);
    // The stored names by the zone they mean (an unknown name falls back as the scheduler's does).
    const byZone = new Map<string, string[]>();
    for (const stored of await listShopTimeZones(db)) {
      const zone = timeZoneOf({ timezone: stored });
      byZone.set(zone, [...(byZone.get(zone) ?? []), stored]);
    }
    const out: WeeklyMailSent[] = [];
    for (const [zone, stored] of byZone) {
      const local = localMinute(minute, zone);
      if (local.weekday !== MONDAY || local.minuteOfDay < WEEKLY_MAIL_MINUTE_OF_DAY) continue;
      const week = isoWeekOf(addDays(local.dateKey, -7));
      // A shop that did not exist in the reported week has nothing to report.
      const createdBefore = new Date(zonedDayStart(local.dateKey, zone));
      const shops = await listWeeklyMailCandidates(db, { timezones: stored, week: week.week, createdBefore });
      for (let i = 0; i < shops.length; i += SHOPS_AT_ONCE) {
        const sent = await Promise.all(
          shops.slice(i, i + SHOPS_AT_ONCE).map((shop) =>
            enqueueOne(shop, week, minute).catch((err: unknown) => {
              log.error({ err, customerId: shop.id, week: week.week }, 'weekly report: failed');
              return null;
            }),
          ),
        );
        for (const s of sent) if (s) out.push(s);
      }
    }
    if (out.length) onEnqueued();
    return out;
  }

  return { tick };
}
