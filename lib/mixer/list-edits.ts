/** Cache edits after a write, so a list follows the server's answer without waiting for a reload. */

interface WithId {
  id: number;
}

/**
 * The saved item in place of its old self; a new one goes where the list's order puts it: first
 * (spots are newest first) or last (own sounds come after the provider's, oldest first).
 */
export function upsertById<T extends WithId>(
  list: readonly T[] | undefined,
  item: T,
  newAt: 'first' | 'last' = 'first',
): T[] {
  if (!list) return [item];
  if (list.some((x) => x.id === item.id)) return list.map((x) => (x.id === item.id ? item : x));
  return newAt === 'first' ? [item, ...list] : [...list, item];
}

export function withoutId<T extends WithId>(list: readonly T[] | undefined, id: number): T[] | undefined {
  return list?.filter((x) => x.id !== id);
}

/** Whether a write's answer is the saved item (our API's) rather than something else a backend sent. */
export function isSavedItem(value: unknown): value is WithId & { name: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}
