/** The shop's own zone and the default of every shop (the scheduler fires in it). */
export const HOME_TIME_ZONE = 'Europe/Budapest';

/** What the browser knows, or at least the home zone (an old browser without `supportedValuesOf`). */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [HOME_TIME_ZONE];
  } catch {
    return [HOME_TIME_ZONE];
  }
}

/**
 * The zones the select offers, Europe/Budapest first, then the rest of Europe, then every other zone
 * the browser knows, in order; a current value the browser does not know stays selectable.
 */
export function timeZoneChoices(current: string | null): { first: string[]; others: string[] } {
  const zones = knownZones().filter((zone) => zone !== HOME_TIME_ZONE);
  const europe = zones.filter((zone) => zone.startsWith('Europe/'));
  const rest = zones.filter((zone) => !zone.startsWith('Europe/'));
  const first = [HOME_TIME_ZONE];
  if (current && current !== HOME_TIME_ZONE && !zones.includes(current)) first.push(current);
  return { first, others: [...europe, ...rest] };
}

/** 'America/New_York' → 'America/New York': the IANA name, readable. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
