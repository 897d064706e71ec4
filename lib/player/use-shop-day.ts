'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { MusicPlan } from '@/contracts/music-plan';
import type { OpeningHours } from '@/contracts/opening-hours';
import { apiFetch } from '@/lib/api/fetcher';
import { MUSIC_PLAN_KEY } from '@/lib/api/music-plan-key';
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

/** musicPlanApi.plan's read, without loading music-plan.ts with the layout (issue 42, own JS). */
const readPlan = () => apiFetch<MusicPlan>(MUSIC_PLAN_KEY);

/** Read once a tab, and again when the tab comes back after a while (another device may have changed them). */
const READ_OPTIONS = {
  revalidateOnFocus: true,
  focusThrottleInterval: 60_000,
  revalidateIfStale: false,
  shouldRetryOnError: false,
} as const;

/**
 * Whether the shop is open now, on this device's clock (the shop's devices are in the shop) and the
 * shop's time zone, from its opening hours, while the shop's day runs itself ('Automatikus napirend'
 * on: the plan closes the music, and a press holds it until the next boundary). Null when nothing is
 * known or there is nothing to say: before hydration, an API without the plan (a Laravel API: the
 * player carries no `plan`, and no call is made), the plan off (the music is the manager's alone),
 * a shop without hours (always open). Looked at again every minute.
 */
export function useShopDay(): ShopDayNow | null {
  const hydrated = useHydrated();
  // Only the bundled API has the music plan, and with it opening hours.
  const offered = useAtomValue(playerAtom)?.plan != null;
  const timeZone = useShopTimeZone();
  const { data: plan } = useSWR<MusicPlan, Error>(offered ? MUSIC_PLAN_KEY : null, readPlan, READ_OPTIONS);
  const runs = plan?.enabled === true;
  const { data: hours } = useSWR<OpeningHours, Error>(
    runs ? OPENING_HOURS_KEY : null,
    openingHoursApi.get,
    READ_OPTIONS,
  );
  const [module, setModule] = useState<ShopOpen | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const has = runs && hours !== undefined && hours.week.length > 0;
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
