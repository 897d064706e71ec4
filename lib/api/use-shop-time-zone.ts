'use client';

import { usableTimeZone } from '@/contracts/time/zones';
import { useCustomer } from './use-customer';

/**
 * The time zone row every shop has (contracts/settings.ts SETTING_TIMEZONE; the logo's is in
 * customer.ts), repeated because that module pulls zod, which the browser bundle leaves out; a unit
 * test keeps them equal.
 */
export const TIMEZONE_SETTING = 'timezone';

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
