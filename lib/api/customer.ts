import type { Customer } from '@/contracts';

/**
 * The logo row every shop has (contracts/settings.ts SETTING_LOGO), repeated because that module pulls
 * zod, which the browser bundle leaves out; a unit test keeps them equal.
 */
export const LOGO_SETTING = 'logo';

export const DEFAULT_LOGO = '/img/top_radio.jpeg';

/** The customer's logo URL, or the product default when none is set (SPEC.md §3). */
export function customerLogoUrl(customer: Customer | null | undefined): string {
  const url = customer?.settings.find((setting) => setting.key === LOGO_SETTING)?.url;
  return url ? url : DEFAULT_LOGO;
}
