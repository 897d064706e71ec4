/**
 * Zones (issue 43) in the mixer's and the settings' forms: pure rules, anywhere.
 */
import type { Zone } from '@/contracts/zones';

/** The list with the item at `from` moved to `to` (a drag's drop). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** A scheduled item's 'Zónák' as the form holds it: every zone, or the chosen ones. */
export interface ZoneChoice {
  all: boolean;
  ids: number[];
}

/** The form's start: 'Minden zóna' for a new item or one the API sent no zones for. */
export function zoneChoiceOf(item: { all_zones?: boolean; zones?: { id: number }[] } | null): ZoneChoice {
  if (!item || item.all_zones !== false) return { all: true, ids: [] };
  return { all: false, ids: (item.zones ?? []).map((z) => z.id) };
}

/**
 * The body's zone fields: none without the zone UI (an API without zones, or one zone: the item stays
 * as the API keeps it), `all_zones: true`, or `all_zones: false` with the ids in the zones' order.
 */
export function zoneBody(choice: ZoneChoice, zones: readonly Zone[]): Record<string, unknown> {
  if (zones.length < 2) return {};
  if (choice.all) return { all_zones: true };
  const chosen = new Set(choice.ids);
  return { all_zones: false, zones: zones.filter((z) => chosen.has(z.id)).map((z) => z.id) };
}

/** The zone names of a scheduled item for its table row: 'Minden zóna', or the names. */
export function zoneNamesOf(
  item: { all_zones?: boolean; zones?: { id: number; name?: string }[] },
  zones: readonly Zone[],
  all: string,
): string {
  if (item.all_zones !== false) return all;
  return (item.zones ?? [])
    .map((z) => zones.find((known) => known.id === z.id)?.name ?? z.name ?? '')
    .filter(Boolean)
    .join(', ');
}

/** `?zone={id}` for a zone's plan, blocks or play log; nothing for the first zone (what a call naming no zone means). */
export function zoneQuery(zone: number | null): string {
  return zone === null ? '' : `?zone=${zone}`;
}

/**
 * The zone a page's `?zone=` names: one of the shop's zones, else null (the first zone, which a call
 * naming no zone means). The first zone itself is null too, so its page keeps the plain keys.
 */
export function pageZone(raw: string | string[] | undefined, zones: readonly Pick<Zone, 'id'>[]): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const id = value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null;
  if (id === null || zones.length < 2 || zones[0]?.id === id) return null;
  return zones.some((z) => z.id === id) ? id : null;
}
