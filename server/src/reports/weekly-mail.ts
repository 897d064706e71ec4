import { addDays, isoWeekOf } from '../../../contracts/iso-week';
import type { Db } from '../db/client';
import {
  claimWeeklyMail,
  listShopEmails,
  listShopTimeZones,
  listWeeklyMailCandidates,
  markWeeklyMailSent,
  type WeeklyMailCandidate,
} from '../db/queries/reports';
import type { Mailer } from '../mail/mailer';
import { floorMinute, localMinute, timeZoneOf, zonedDayStart } from '../scheduler/engine';
import { weeklyReport } from './weekly';
import { weeklyMail } from './weekly-format';

/**
 * The Monday mail ('Heti összesítő'): from 08:00 on the shop's Monday, the week before goes to every
 * user of the shop, once. Ticked with the scheduler's minutes (so the scheduler's test clock drives
 * it), it looks at the database only on a Monday past 08:00 somewhere.
 *
 * Exactly once across instances: each shop's mail is claimed in `weekly_report_mails` (shop, week)
 * right before it is sent, and only the instance whose row landed sends; the row comes first, so a
 * crash between the two loses that mail rather than doubling it. A shop not yet claimed (an instance
 * that was down at 08:00, or stopped half way) is sent at the next minute, until the Monday ends.
 */

/** 08:00 on the shop's wall clock. */
export const WEEKLY_MAIL_MINUTE_OF_DAY = 8 * 60;
/** Shops mailed at once: a Monday of thousands of shops must not hold the database's pool. */
const SHOPS_AT_ONCE = 4;
const MONDAY = 1;

export interface WeeklyMailSent {
  customerId: number;
  week: string;
  recipients: number;
}

export interface WeeklyMailRunner {
  /** Sends the mails due at the minute containing `minuteUtcMs` that nobody has claimed; what this instance sent. */
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
  mailer,
  webUrl,
  instance,
  log = { error: () => {} },
}: {
  db: Db;
  mailer: Mailer;
  webUrl: string;
  instance: string;
  log?: WeeklyMailLog;
}): WeeklyMailRunner {
  async function sendOne(shop: WeeklyMailCandidate, week: ReturnType<typeof isoWeekOf>, minute: number) {
    if (!(await claimWeeklyMail(db, { customerId: shop.id, week: week.week, instance }))) return null;
    const [report, emails] = await Promise.all([
      weeklyReport(db, { shop, week, now: minute }),
      listShopEmails(db, { customerId: shop.id }),
    ]);
    const mail = weeklyMail(shop.name, report, reportLink(webUrl, shop.slug, week.week));
    let sent = 0;
    for (const to of emails) {
      try {
        await mailer.send({ to, ...mail });
        sent++;
      } catch (err) {
        log.error({ err, customerId: shop.id, week: week.week }, 'weekly report: mail failed');
      }
    }
    await markWeeklyMailSent(db, { customerId: shop.id, week: week.week, sent });
    return { customerId: shop.id, week: week.week, recipients: sent };
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
            sendOne(shop, week, minute).catch((err: unknown) => {
              log.error({ err, customerId: shop.id, week: week.week }, 'weekly report: failed');
              return null;
            }),
          ),
        );
        for (const s of sent) if (s) out.push(s);
      }
    }
    return out;
  }

  return { tick };
}
