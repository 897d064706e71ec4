'use client';

import { usableTimeZone } from '@/contracts/time/zones';
import { TIMEZONE_SETTING } from './settings';
import { useCustomer } from './use-customer';

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
