import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  ALERT_SETTINGS_DEFAULT,
  alertSilenceText,
  type Alert,
  type AlertKind,
  type AlertSettings,
} from '../../../contracts/alerts';
import type { Db } from '../db/client';
import { alertOutbox, alertSettings, alerts, faqItems, pushSubscriptions, users } from '../db/schema';

/** What the API answers for an alert row (contracts/alerts.ts alertSchema). */
export function alertResource(row: typeof alerts.$inferSelect): Alert {
  return {
    id: row.id,
    kind: row.kind as Alert['kind'],
    title: row.title,
    body: row.body,
    started_at: row.startedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    ...(row.kind === 'spot_missed' ? { minutes: row.minutes ?? [] } : {}),
    read: row.readAt !== null,
  };
}

export async function unreadCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.customerId, customerId), isNull(alerts.readAt)));
  return Number(row?.n ?? 0);
}

export async function getAlertSettings(db: Db, customerId: number): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.customerId, customerId));
  return row ? settingsOf(row) : structuredClone(ALERT_SETTINGS_DEFAULT);
}

export function settingsOf(
  row: { kinds: Record<string, boolean>; delay: number; email: boolean } | null,
): AlertSettings {
  // A copy of its own (the defaults are flat but for `kinds`): the evaluator asks for thousands a minute.
  if (!row) return { ...ALERT_SETTINGS_DEFAULT, kinds: { ...ALERT_SETTINGS_DEFAULT.kinds } };
  const kinds = { ...ALERT_SETTINGS_DEFAULT.kinds };
  for (const k of Object.keys(kinds) as Array<keyof typeof kinds>) {
    if (typeof row.kinds[k] === 'boolean') kinds[k] = row.kinds[k];
  }
  return { kinds, delay: row.delay, email: row.email };
}

export async function putAlertSettings(db: Db, customerId: number, s: AlertSettings): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ customerId, kinds: s.kinds, delay: s.delay, email: s.email })
    .onConflictDoUpdate({
      target: alertSettings.customerId,
      set: { kinds: s.kinds, delay: s.delay, email: s.email, updatedAt: sql`now()` },
    });
}

/** The FAQ answer the mails quote as what to do (its numbered steps). */
export const STEPS_FAQ_NAME = 'Hogyan induljon magától a zene reggel?';
const STEPS_FALLBACK = [
  '1. Bejelentkezéskor jelölje be az „Emlékezzen rám” négyzetet.',
  '2. Kapcsolja ki a gép alvó módját.',
  '3. Állítsa be, hogy a gép bekapcsoláskor nyissa meg a bolt címét a böngészőben.',
  '4. Engedélyezze a hangot a bolt oldalának a böngészőben.',
];

/** The numbered steps of the FAQ answer (as the help seed stores it), one per line. */
export async function whatToDoSteps(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ description: faqItems.description })
    .from(faqItems)
    .where(eq(faqItems.name, STEPS_FAQ_NAME))
    .limit(1);
  const steps = (row?.description ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => /^\d+\.\s/.test(p));
  return steps.length ? steps : STEPS_FALLBACK;
}

/** The cause in one sentence: each alert's body. */
export function causeSentence(
  kind: AlertKind,
  o: { delay: number; pausedMinutes: number; name?: string; minutes?: string[] },
) {
  switch (kind) {
    case 'offline':
      return `${o.delay} perce egyik eszköz sem szól zenét: a zenét szóló gép alszik, ki van kapcsolva, vagy nincs hálózata.`;
    case 'blocked':
      return `${o.delay} perce a zenét szóló gép böngészője nem engedi elindítani a hangot.`;
    case 'stalled':
      return `${o.delay} perce elakadt a lejátszás a zenét szóló gépen: nem érkezik a zene.`;
    case 'paused':
      return `A lejátszó ${o.pausedMinutes} perce szünetel, pedig be van kapcsolva az automatikus napirend.`;
    case 'spot_missed':
      return `A(z) „${o.name ?? ''}” szpot nem szólt el ekkor: ${(o.minutes ?? []).join(', ')}.`;
  }
}

export { alertSilenceText };

export interface ShopInfo {
  id: number;
  name: string;
  slug: string;
  timeZone: string;
}

/** The shop's page (built like the password-reset mail's link). */
export function shopLink(webUrl: string, slug: string): string {
  return `${webUrl.replaceAll('{tenant}', slug)}/`;
}

/** 'YYYY.MM.DD. HH:MM' on the shop's wall clock. */
export function wallTimeText(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}.${parts.month}.${parts.day}. ${parts.hour}:${parts.minute}`;
}

export interface Notice {
  title: string;
  body: string;
  /** When it happened (the alert's start, or the close for 'Újra szól a zene'). */
  at: Date;
  /** Whether the mail carries the steps (not for 'Újra szól a zene'). */
  steps: boolean;
}

function mailOf(shop: ShopInfo, link: string, notice: Notice, steps: string[]) {
  const when = wallTimeText(notice.at, shop.timeZone);
  const lines = [notice.title, '', `Időpont: ${when}`, notice.body, ''];
  if (notice.steps) lines.push('Mit tegyen?', ...steps, '');
  lines.push(`A bolt oldala: ${link}`, '', 'Üdvözlettel:', 'Pulzus');
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const html =
    `<p><strong>${escape(notice.title)}</strong></p>` +
    `<p>Időpont: ${escape(when)}<br>${escape(notice.body)}</p>` +
    (notice.steps
      ? `<p>Mit tegyen?</p><ol>${steps.map((s) => `<li>${escape(s.replace(/^\d+\.\s*/, ''))}</li>`).join('')}</ol>`
      : '') +
    `<p><a href="${escape(link)}">A bolt oldala</a></p>`;
  return { subject: `[${shop.name}] ${notice.title}`, text: lines.join('\n'), html };
}

/**
 * Writes the outbox rows of one notice (in the caller's transaction): a mail to every user of the
 * shop when its e-mail is on, a push to every subscribed device. `key` keeps each row single.
 */
export async function enqueueNotice(
  tx: Db,
  o: {
    shop: ShopInfo;
    webUrl: string;
    alertId: number | null;
    key: string;
    notice: Notice;
    email: boolean;
    steps: string[];
    /** Only these users / subscriptions (the test notice); all of the shop's when undefined. */
    userIds?: number[];
    subscriptionIds?: number[];
  },
): Promise<{ mail: number; push: number }> {
  const link = shopLink(o.webUrl, o.shop.slug);
  const rows: Array<typeof alertOutbox.$inferInsert> = [];
  if (o.email) {
    const list = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.customerId, o.shop.id));
    const mail = mailOf(o.shop, link, o.notice, o.steps);
    for (const u of list) {
      if (o.userIds && !o.userIds.includes(u.id)) continue;
      rows.push({
        customerId: o.shop.id,
        alertId: o.alertId,
        channel: 'mail',
        key: `${o.key}:mail:${u.id}`,
        recipient: u.email,
        payload: { to: u.email, ...mail },
      });
    }
  }
  const subs = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, o.shop.id));
  for (const s of subs) {
    if (o.subscriptionIds && !o.subscriptionIds.includes(s.id)) continue;
    rows.push({
      customerId: o.shop.id,
      alertId: o.alertId,
      channel: 'push',
      key: `${o.key}:push:${s.id}`,
      recipient: String(s.id),
      payload: { title: o.notice.title, body: o.notice.body, url: link },
    });
  }
  if (rows.length) await tx.insert(alertOutbox).values(rows).onConflictDoNothing();
  return {
    mail: rows.filter((r) => r.channel === 'mail').length,
    push: rows.filter((r) => r.channel === 'push').length,
  };
}
