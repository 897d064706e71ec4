'use client';

import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { Player } from '@/contracts';
import { apiFetch } from '@/lib/api/fetcher';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { showToast } from '@/lib/ui/toast';
import { commitPlayer } from './commit';
import { useHydrated } from './output-state';
import { shopDayTime } from './shop-day';
import { playerAtom } from './state';

/**
 * The music plan's hold (issue 26): a manager's press keeps the plan off the player until its next
 * boundary (`player.plan.hold_until`, the bundled API only). The bar says until when, and
 * 'Vissza a napirendhez' hands control back at once.
 */

/**
 * 'Kézi vezérlés ma 12:00-ig' / 'Kézi vezérlés holnap 08:00-ig' / 'Kézi vezérlés kedd 08:00-ig', on the
 * shop's clock (`timeZone`, the one the plan's boundaries are in): 'ma' is the shop's today, whatever
 * zone this device is set to.
 */
export function planHoldLabel(holdUntil: Date, now: Date, timeZone: string): string {
  const { day, time } = shopDayTime(holdUntil.getTime(), now.getTime(), timeZone);
  return huPlayer.planHold(day, time);
}

/** The hold's end while it lasts, else null (a hold that ran out goes by itself, before the server says so). */
export function holdUntilOf(player: Player | null, now: number): Date | null {
  const iso = player?.plan?.hold_until;
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) && at > now ? new Date(at) : null;
}

export function usePlanHold(): { label: string; resume: () => Promise<void> } | null {
  const store = useStore();
  const player = useAtomValue(playerAtom);
  // After hydration only: the server's clock is not this device's.
  const hydrated = useHydrated();
  const timeZone = useShopTimeZone();
  const [now, setNow] = useState(() => Date.now());
  const until = holdUntilOf(player, now);
  // Re-read at the hold's end, so the line goes when the plan takes over even without a push.
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until.getTime() - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  const resume = useCallback(async () => {
    try {
      // The bar's zone's plan (issue 43); a player without `zone_id` names none (the first zone's).
      const zone = store.get(playerAtom)?.zone_id;
      const query = typeof zone === 'number' ? `?zone=${zone}` : '';
      await commitPlayer(store, () => apiFetch<Player>(`/api/music-plan/resume${query}`, { method: 'POST', body: {} }));
      showToast(huPlayer.planResumed, store);
    } catch {
      showToast(huPlayer.failed, store);
    }
  }, [store]);
  if (!until || !hydrated) return null;
  return { label: planHoldLabel(until, new Date(now), timeZone), resume };
}
