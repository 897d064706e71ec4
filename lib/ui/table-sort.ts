/** A table's sort: which column, which way. */
export interface TableSort {
  key: string;
  direction: 'asc' | 'desc';
}

export type SortValue = string | number | boolean | Date | null | undefined;

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true });

function rank(value: SortValue): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Hungarian order for text (á after a, numbers by value), numbers and dates by value. */
export function compareValues(a: SortValue, b: SortValue): number {
  const x = rank(a);
  const y = rank(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

/**
 * Rows in the sort's order; the input is left alone. Empty values go last whichever way, so a
 * column of mostly '-' does not open with them; ties keep their given order.
 */
export function sortRows<T>(
  rows: readonly T[],
  sort: TableSort | null,
  value: ((row: T) => SortValue) | undefined,
): T[] {
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aEmpty = rank(a.key) === null;
      const bEmpty = rank(b.key) === null;
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      return sign * compareValues(a.key, b.key) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** A click on a column's header: a new column starts ascending, the same one flips. */
export function nextSort(current: TableSort | null, key: string): TableSort {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
