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
