'use client';

import { useId } from 'react';
import { sort as huSort } from '@/lib/i18n/hu/sort';
import { SORT_OPTIONS, type SortKey } from '@/lib/ui/sort';
import styles from './SortSelect.module.scss';

const hu = { sort: huSort };

export interface ChoiceOption<K extends number> {
  key: K;
  label: string;
}

interface Props<K extends number> {
  value: K;
  onChange: (key: K) => void;
  label?: string;
  /** The choices; the channels' and playlists' four sorts unless given (the scheduler's eight, a filter). */
  options?: readonly ChoiceOption<K>[];
}

/** A native select of numbered choices (a sort, a filter): fast on weak PCs, and phones show their own picker. */
export function SortSelect<K extends number = SortKey>({
  value,
  onChange,
  label = hu.sort.label,
  options = SORT_OPTIONS as unknown as readonly ChoiceOption<K>[],
}: Props<K>) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          const option = options.find((o) => String(o.key) === event.target.value);
          if (option) onChange(option.key);
        }}
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
