import {
  currentTimeZoneName,
  DEFAULT_TIME_ZONE,
  olderTimeZoneName,
  runtimeTimeZones as knownZones,
  utcOffsetLabel,
} from '@/contracts/time/zones';
import { settings } from '@/lib/i18n/hu/settings';
import { zonePlaces } from '@/lib/i18n/hu/time-zones';

const hu = { settings, zonePlaces };

export interface TimeZoneChoice {
  /** The IANA name to save: the current spelling ('Europe/Kyiv'); the saved value as it is. */
  value: string;
  /** 'Budapest (UTC+01:00)': the place, readable, with the offset in force on the given day. */
  label: string;
  /**
   * Lower-case, accent-free text a search matches: place (its Hungarian names too: 'becs', 'kijev'),
   * IANA names (old spelling too), region, offset.
   */
  search: string;
}

export interface TimeZoneGroup {
  /** The region's Hungarian name ('Európa'); '' for the first group (Budapest and the saved zone). */
  region: string;
  zones: TimeZoneChoice[];
}

/** 'America/Argentina/Buenos_Aires' → 'Argentina – Buenos Aires'; 'UTC' as it is. */
function placeOf(zone: string): string {
  const parts = zone.split('/');
  const place = parts.length > 1 ? parts.slice(1) : parts;
  return place.map((p) => p.replaceAll('_', ' ')).join(' – ');
}

/** Lower-case without accents, so 'kijev' finds nothing wrongly and 'zurich' finds Zürich. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function regionOf(zone: string): string {
  const region = zone.includes('/') ? zone.split('/')[0]! : '';
  return hu.settings.zoneRegions[region] ?? hu.settings.zoneRegions.other!;
}

/**
 * Each zone's choice of one day (its offset is that day's): building one takes an Intl formatter of
 * its own, about 0.2 ms, and there are some 400 zones (a long task of 0.4 s on a weak PC when built at
 * once). Only the latest day's are kept: a shop's PC stays open for weeks.
 */
let built = { day: '', choices: new Map<string, TimeZoneChoice>() };

/** The choices of the day of `at`, begun afresh when the day is a new one. */
function builtOn(at: Date): Map<string, TimeZoneChoice> {
  const day = at.toISOString().slice(0, 10);
  if (built.day !== day) built = { day, choices: new Map() };
  return built.choices;
}

function choice(zone: string, at: Date): TimeZoneChoice {
  const choices = builtOn(at);
  let found = choices.get(zone);
  if (!found) {
    found = buildChoice(zone, at);
    choices.set(zone, found);
  }
  return found;
}

/**
 * Builds the choices of the day of `at` not built yet, until `until` (a `performance.now()` time);
 * true once every zone the browser knows has its choice, so `timeZoneGroups` builds none.
 */
export function prepareTimeZoneChoices(at: Date, until: number, known: string[] = knownZones()): boolean {
  const choices = builtOn(at);
  for (const zone of known) {
    if (choices.has(zone)) continue;
    if (performance.now() >= until) return false;
    choice(zone, at);
  }
  return true;
}

function buildChoice(zone: string, at: Date): TimeZoneChoice {
  const value = currentTimeZoneName(zone);
  let offset = '';
  try {
    offset = utcOffsetLabel(value, at);
  } catch {
    // A zone this browser cannot compute (an old saved value): shown without an offset.
  }
  // The Hungarian name where it differs ('Bécs'), else the place as IANA spells it.
  const names = hu.zonePlaces[value] ?? [];
  const place = names[0] ?? placeOf(value);
  const label = offset ? `${place} (${offset})` : place;
  const older = olderTimeZoneName(value);
  const search = searchable([label, ...names, placeOf(value), value, older ?? '', regionOf(value)].join(' '));
  return { value, label, search };
}

/**
 * The zones the picker offers on the day `at` (the offsets in force then): Budapest first (with the
 * saved zone when it is another), then every zone the browser knows grouped by region, Europe
 * first, each region in the order of its places' names. Renamed zones appear once, in their
 * current spelling; the API takes both.
 */
export function timeZoneGroups(current: string | null, at: Date, known: string[] = knownZones()): TimeZoneGroup[] {
  const home = DEFAULT_TIME_ZONE;
  const first = [choice(home, at)];
  const taken = new Set([home]);
  if (current && currentTimeZoneName(current) !== home) {
    // Kept as saved (an older spelling too), so the select shows the saved value as chosen.
    first.push({ ...choice(current, at), value: current });
    taken.add(currentTimeZoneName(current));
  }

  const byRegion = new Map<string, TimeZoneChoice[]>();
  for (const zone of known) {
    const c = choice(zone, at);
    if (taken.has(c.value)) continue;
    taken.add(c.value);
    const region = regionOf(c.value);
    byRegion.set(region, [...(byRegion.get(region) ?? []), c]);
  }
  const order = Object.values(hu.settings.zoneRegions);
  const regions = [...byRegion.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return [
    { region: '', zones: first },
    ...regions.map((region) => ({
      region,
      zones: byRegion.get(region)!.sort((a, b) => a.label.localeCompare(b.label, 'hu')),
    })),
  ];
}

/**
 * The groups holding what `query` matches (every word, in any order, accents and case ignored); the
 * first group (Budapest, the saved zone) always stays, so the select keeps its value.
 */
export function filterTimeZones(groups: TimeZoneGroup[], query: string): TimeZoneGroup[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((group, i) =>
      i === 0 ? group : { ...group, zones: group.zones.filter((z) => words.every((w) => z.search.includes(w))) },
    )
    .filter((group, i) => i === 0 || group.zones.length > 0);
}
