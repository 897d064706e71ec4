/**
 * One CSV field for Excel: `;` separates (the list separator of a Hungarian Excel), quotes when
 * needed, and a leading = + - @ is neutralised so a name cannot run as a formula (CSV injection).
 * The play log's export and the weekly report's write their files with it.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
