import type { Db } from '../db/client';
import { liveSessionIds } from '../db/queries/sessions';
import type { Config } from '../env';
import { LOGIN_REF } from './protocol';

/**
 * Which login refs (`{customerId}.{sessionId}`, as channel signatures carry them) are still live,
 * by the session rules of http/session.ts: a session within its idle and absolute limits, or a
 * remember token that renews the same device login. One query pair per customer.
 */
export async function liveLogins(
  db: Db,
  config: Pick<Config, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>,
  refs: string[],
) {
  const now = new Date();
  const byCustomer = new Map<number, string[]>();
  for (const ref of refs) {
    if (!LOGIN_REF.test(ref)) continue;
    const dot = ref.indexOf('.');
    const customerId = Number(ref.slice(0, dot));
    const list = byCustomer.get(customerId) ?? [];
    list.push(ref.slice(dot + 1));
    byCustomer.set(customerId, list);
  }
  const live = new Set<string>();
  for (const [customerId, sessionIds] of byCustomer) {
    const ids = await liveSessionIds(db, {
      customerId,
      sessionIds,
      idleAfter: new Date(now.getTime() - config.sessionIdleMinutes * 60_000),
      createdAfter: new Date(now.getTime() - config.sessionAbsoluteHours * 3_600_000),
      now,
    });
    for (const id of ids) live.add(`${customerId}.${id}`);
  }
  return live;
}
