'use client';

import { TIMEZONE_SETTING } from './settings';
import { useCustomer } from './use-customer';

/** The server's zone for a shop without a usable 'timezone' setting (server/src/db/schema.ts). */
export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Budapest';

/** The zone named, when this browser knows it; else the default, as the server does. */
export function usableTimeZone(zone: string | null | undefined): string {
  if (zone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      /* an unknown name */
    }
  }
  return DEFAULT_SHOP_TIME_ZONE;
}

/**
 * The shop's time zone as the server's scheduler and music plan go by it: the 'timezone' setting of the
 * customer (the layout seeds it), read leniently (an answer without its settings list is the default).
 */
export function useShopTimeZone(): string {
  const { data } = useCustomer();
  const settings: unknown = data?.settings;
  const zone = Array.isArray(settings)
    ? (settings as Array<{ key?: unknown; value?: unknown }>).find((s) => s.key === TIMEZONE_SETTING)?.value
    : undefined;
  return usableTimeZone(typeof zone === 'string' ? zone : null);
}
