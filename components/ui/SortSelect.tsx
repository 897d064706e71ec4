'use client';

import { useId } from 'react';
import { hu } from '@/lib/i18n/hu';
import { SORT_OPTIONS, parseSortKey, type SortKey } from '@/lib/ui/sort';
import styles from './SortSelect.module.scss';

interface Props {
  value: SortKey;
  onChange: (key: SortKey) => void;
  label?: string;
}

/** A native select: fast on weak PCs, and phones show their own picker. */
export function SortSelect({ value, onChange, label = hu.sort.label }: Props) {
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
          const key = parseSortKey(event.target.value);
          if (key) onChange(key);
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
