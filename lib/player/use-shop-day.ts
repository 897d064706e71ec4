'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { OpeningHours } from '@/contracts/opening-hours';
import { OPENING_HOURS_KEY, openingHoursApi } from '@/lib/api/opening-hours';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { useHydrated } from './output-state';
import { closedLabel, type ShopDay } from './shop-day';
import { playerAtom } from './state';

type ShopOpen = typeof import('./shop-open');

/** The rules are loaded once per page, when opening hours first arrive (not with the page's first load). */
let rules: Promise<ShopOpen> | null = null;
const loadRules = () => (rules ??= import('./shop-open'));

export interface ShopDayNow extends ShopDay {
  /** While closed: 'Zárva – nyitás holnap 08:00'. */
  label: string | null;
}

/**
 * Whether the shop is open now, on this device's clock (the shop's devices are in the shop) and the
 * shop's time zone, from its opening hours. Null when nothing is known or there is nothing to say:
 * before hydration, an API without opening hours (a Laravel API: the player carries no `plan`, and
 * the call is not even made), a shop without hours (always open). Looked at again every minute.
 */
export function useShopDay(): ShopDayNow | null {
  const hydrated = useHydrated();
  // Only the bundled API has the music plan, and with it opening hours.
  const offered = useAtomValue(playerAtom)?.plan != null;
  const timeZone = useShopTimeZone();
  const { data: hours } = useSWR<OpeningHours, Error>(offered ? OPENING_HOURS_KEY : null, openingHoursApi.get, {
    revalidateOnFocus: true,
    focusThrottleInterval: 60_000,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  const [module, setModule] = useState<ShopOpen | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const has = hours !== undefined && hours.week.length > 0;
  useEffect(() => {
    if (!has || module) return;
    let live = true;
    void loadRules()
      .then((m) => live && setModule(m))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [has, module]);

  // A minute's start: the shop may have opened or closed, or 'holnap' become 'ma'.
  useEffect(() => {
    if (!has) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, 60_000 - (at % 60_000) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [has]);

  if (!hydrated || !has || !module || !hours) return null;
  const day = module.shopDayAt(hours, now, timeZone);
  if (!day) return null;
  return { ...day, label: day.open ? null : closedLabel(day, now, timeZone) };
}
