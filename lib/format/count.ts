import { format } from '@/lib/i18n/hu/format';

const hu = { format };

/** Track counts as 'N dal' (SPEC.md §9); Hungarian keeps the noun singular after a number. */
export function formatTrackCount(count: number): string {
  return `${Math.max(0, Math.floor(count))} ${hu.format.songs}`;
}
