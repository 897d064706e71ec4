/** A copy of `items` with the one at `from` moved to `to` (indexes in the list before the move). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * The full new order the reorder call needs: the ids as they now stand on screen, then every other
 * track of the playlist in its current order. The server refuses anything that is not exactly the
 * playlist's tracks, so ids no longer in it are dropped and none is named twice.
 */
export function buildFullOrder(shownIds: readonly number[], allIds: readonly number[]): number[] {
  const all = new Set(allIds);
  const seen = new Set<number>();
  const order: number[] = [];
  for (const id of shownIds) {
    if (all.has(id) && !seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  for (const id of allIds) {
    if (!seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  return order;
}

/** Whether two id lists are the same order (a drop on the same place sends nothing). */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
