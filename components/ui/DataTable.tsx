'use client';

import { useId, useMemo, useState, type ReactNode } from 'react';
import { sort as huSort } from '@/lib/i18n/hu/sort';
import { table as huTable } from '@/lib/i18n/hu/table';
import { nextSort, sortRows, type SortValue, type TableSort } from '@/lib/ui/table-sort';
import { ChevronDownIcon, ChevronUpIcon } from './icons';
import { preloadOnIntent } from './lazy';
import styles from './DataTable.module.scss';

const hu = { sort: huSort, table: huTable };

export type { TableSort };

export interface Column<T> {
  /** Unique among the columns; the sort names it. */
  key: string;
  /** Header text; on a phone it labels the cell inside the row's card. */
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Makes the column sortable by this value (text in Hungarian order, numbers and dates by value). */
  sortValue?: (row: T) => SortValue;
  /** The row's title: a row header for screen readers, the card's heading on a phone. */
  primary?: boolean;
  align?: 'start' | 'center' | 'end';
  /** A CSS width for wide screens (e.g. '6rem', '30%'). */
  width?: string;
  /** Left out of the phone's card (an index, a column the title already says). */
  hideOnNarrow?: boolean;
  /** A class of the page's own on the column's header and cells (e.g. a narrower card line). */
  className?: string;
}

export interface RowAction<T> {
  key: string;
  /** The button's accessible name for this row, e.g. `Szerkesztés: ${row.name}`. */
  label: (row: T) => string;
  icon: ReactNode;
  onSelect: (row: T) => void;
  /** The lazy dialog it opens: its code is fetched when the pointer enters or focus reaches the button. */
  opens?: { preload: () => void };
  /** Red, for what deletes. */
  danger?: boolean;
  /** Not offered for this row (e.g. delete on a provider's sound). */
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name (not shown: the page's heading says it). */
  caption: string;
  /** Icon buttons in a last 'Műveletek' column, each named for its row. */
  actions?: readonly RowAction<T>[];
  actionsHeader?: string;
  /** Controlled sort; leave out `sort` for the table to keep its own (starting at `defaultSort`). */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  defaultSort?: TableSort | null;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The one data table: typed columns, sortable headers (buttons, with `aria-sort`), row actions as
 * named icon buttons, and on a phone one card per row (the primary column as its title, the others
 * labelled by their header, a sort picker above), so nothing scrolls sideways.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  actions = [],
  actionsHeader = hu.table.actions,
  sort: controlled,
  onSortChange,
  defaultSort = null,
  empty,
  rowClassName,
}: DataTableProps<T>) {
  const [own, setOwn] = useState<TableSort | null>(defaultSort);
  const sort = controlled === undefined ? own : controlled;
  const setSort = (next: TableSort) => {
    if (controlled === undefined) setOwn(next);
    onSortChange?.(next);
  };
  const sortColumn = columns.find((column) => column.key === sort?.key);
  const sorted = useMemo(() => sortRows(rows, sort, sortColumn?.sortValue), [rows, sort, sortColumn]);
  const sortable = columns.filter((column) => column.sortValue);
  const selectId = useId();

  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  return (
    <div className={styles.wrap}>
      {sortable.length > 0 && (
        <div className={styles.narrowSort}>
          <label htmlFor={selectId} className={styles.sortLabel}>
            {hu.sort.label}
          </label>
          <select
            id={selectId}
            className={styles.sortSelect}
            value={sort ? `${sort.key}:${sort.direction}` : ''}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':');
              if (key && (direction === 'asc' || direction === 'desc')) setSort({ key, direction });
            }}
          >
            {!sort && <option value="">{hu.table.unsorted}</option>}
            {sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${column.key}:${direction}`} value={`${column.key}:${direction}`}>
                  {hu.table.sortOption(column.header, direction === 'desc')}
                </option>
              )),
            )}
          </select>
        </div>
      )}
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={[styles[column.align ?? 'start'], column.className ?? ''].join(' ').trim()}
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={active ? ARIA_SORT[active] : undefined}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => setSort(nextSort(sort, column.key))}
                    >
                      {column.header}
                      <span className={active ? styles.sortIconActive : styles.sortIcon} aria-hidden="true">
                        {active === 'desc' ? <ChevronDownIcon size={16} /> : <ChevronUpIcon size={16} />}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {actions.length > 0 && (
              <th scope="col" className={`${styles.end} ${styles.actionsHead}`}>
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, index) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => {
                const className = [
                  styles[column.align ?? 'start'],
                  column.primary ? styles.primary : '',
                  column.hideOnNarrow ? styles.hideOnNarrow : '',
                  column.className ?? '',
                ].join(' ');
                const content = column.cell(row, index);
                return column.primary ? (
                  <th key={column.key} scope="row" className={className}>
                    {content}
                  </th>
                ) : (
                  <td key={column.key} className={className} data-label={column.header}>
                    {content}
                  </td>
                );
              })}
              {actions.length > 0 && (
                <td className={`${styles.end} ${styles.actions}`}>
                  <div className={styles.actionButtons}>
                    {actions
                      .filter((action) => !action.hidden?.(row))
                      .map((action) => {
                        const label = action.label(row);
                        return (
                          <button
                            key={action.key}
                            type="button"
                            className={action.danger ? styles.dangerAction : styles.action}
                            aria-label={label}
                            title={label}
                            disabled={action.disabled?.(row)}
                            {...(action.opens ? preloadOnIntent(action.opens) : {})}
                            onClick={() => action.onSelect(row)}
                          >
                            {action.icon}
                          </button>
                        );
                      })}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
