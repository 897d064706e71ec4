import type { Customer } from '@/contracts';
import { LOGO_SETTING } from './settings-keys';

export const DEFAULT_LOGO = '/img/top_radio.jpeg';

/** The customer's logo URL, or the product default when none is set (SPEC.md §3). */
export function customerLogoUrl(customer: Customer | null | undefined): string {
  const url = customer?.settings.find((setting) => setting.key === LOGO_SETTING)?.url;
  return url ? url : DEFAULT_LOGO;
}
