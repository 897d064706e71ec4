/**
 * Time zones: their names (renamed zones' two spellings), which one a shop goes by, the zones a
 * runtime knows and the offset label the settings page shows. Zod-free: the browser reads it too.
 */

/** Every shop's zone until it sets another (`customers.timezone`'s default); the scheduler fires in it. */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest';

/** The zone named, when this runtime knows it; else the default, as both servers and the browser go by it. */
export function usableTimeZone(zone: string | null | undefined): string {
  if (zone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      /* an unknown name */
    }
  }
  return DEFAULT_TIME_ZONE;
}

/** The shop's time zone; a name the runtime does not know falls back to the default. */
export function timeZoneOf(customer: { timezone: string }): string {
  return usableTimeZone(customer.timezone);
}

/** The zones this runtime knows, or at least the default (an old browser without `supportedValuesOf`). */
export function runtimeTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [DEFAULT_TIME_ZONE];
  } catch {
    return [DEFAULT_TIME_ZONE];
  }
}

/**
 * IANA zones renamed since the older spelling many runtimes still list (Node's ICU lists
 * 'Europe/Kiev', a current browser 'Europe/Kyiv'): current name → older spelling. Zod-free, so the
 * settings page and the API read the same list. Both spellings name the same zone everywhere.
 */
export const RENAMED_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmara': 'Africa/Asmera',
  'America/Argentina/Buenos_Aires': 'America/Buenos_Aires',
  'America/Argentina/Catamarca': 'America/Catamarca',
  'America/Argentina/Cordoba': 'America/Cordoba',
  'America/Argentina/Jujuy': 'America/Jujuy',
  'America/Argentina/Mendoza': 'America/Mendoza',
  'America/Atikokan': 'America/Coral_Harbour',
  'America/Indiana/Indianapolis': 'America/Indianapolis',
  'America/Kentucky/Louisville': 'America/Louisville',
  'America/Nuuk': 'America/Godthab',
  'Asia/Dhaka': 'Asia/Dacca',
  'Asia/Ho_Chi_Minh': 'Asia/Saigon',
  'Asia/Kathmandu': 'Asia/Katmandu',
  'Asia/Kolkata': 'Asia/Calcutta',
  'Asia/Macau': 'Asia/Macao',
  'Asia/Makassar': 'Asia/Ujung_Pandang',
  'Asia/Thimphu': 'Asia/Thimbu',
  'Asia/Ulaanbaatar': 'Asia/Ulan_Bator',
  'Asia/Yangon': 'Asia/Rangoon',
  'Atlantic/Faroe': 'Atlantic/Faeroe',
  'Europe/Kyiv': 'Europe/Kiev',
  'Pacific/Chuuk': 'Pacific/Truk',
  'Pacific/Kanton': 'Pacific/Enderbury',
  'Pacific/Pohnpei': 'Pacific/Ponape',
};

const CURRENT_BY_OLDER: ReadonlyMap<string, string> = new Map(
  Object.entries(RENAMED_TIME_ZONES).map(([current, older]) => [older, current]),
);

/** The current IANA name of a zone ('Europe/Kiev' → 'Europe/Kyiv'); other names as they are. */
export function currentTimeZoneName(zone: string): string {
  return CURRENT_BY_OLDER.get(zone) ?? zone;
}

/** The older spelling of a renamed zone ('Europe/Kyiv' → 'Europe/Kiev'), or undefined. */
export function olderTimeZoneName(zone: string): string | undefined {
  return RENAMED_TIME_ZONES[zone];
}

/**
 * Whether `zone` names a zone of `known` (a runtime's list), in its current or its older spelling.
 * Exact names only: Intl would also take 'europe/budapest', which no one should store.
 */
export function isTimeZoneIn(zone: string, known: ReadonlySet<string>): boolean {
  if (known.has(zone)) return true;
  const older = RENAMED_TIME_ZONES[zone];
  const current = CURRENT_BY_OLDER.get(zone);
  return (older !== undefined && known.has(older)) || (current !== undefined && known.has(current));
}

/** The offset from UTC in force in `zone` at `at`: 'UTC+01:00', 'UTC-03:30', 'UTC+00:00'. */
export function utcOffsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT+01:00'; plain 'GMT' when the offset is zero.
  const offset = part && part !== 'GMT' ? part.replace(/^GMT/, '') : '+00:00';
  return `UTC${offset.replace('\u2212', '-')}`;
}
