'use client';

import { useId, useState } from 'react';
import { FieldError } from '@/components/ui/FieldError';
import { useFieldError } from '@/components/ui/form-errors';
import { scheduler } from '@/lib/i18n/hu/scheduler';
import styles from './ScheduleForm.module.scss';

const hu = { scheduler };

const t = hu.scheduler;

export interface PickItem {
  id: number;
  name: string;
  /** A short note after the name (a spot's length). */
  detail?: string;
}

interface Props {
  /** The field's name as the server's errors name it (`spots`, `slideshows`, `screens`). */
  name: string;
  legend: string;
  hint?: string;
  /** The shop's items; null when their list could not be read. */
  items: readonly PickItem[] | null;
  chosen: readonly number[];
  onChange: (id: number, on: boolean) => void;
}

const collator = new Intl.Collator('hu', { sensitivity: 'base' });

/**
 * A checkbox list with a search box, for choosing a few of many. The chosen ones stay at the top and
 * stay visible whatever the search says, so a choice is never hidden; the list scrolls inside itself.
 */
export function PickList({ name, legend, hint, items, chosen, onChange }: Props) {
  const [query, setQuery] = useState('');
  const id = useId();
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  const needle = query.trim().toLocaleLowerCase('hu');
  const all = [...(items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  // A chosen item the list does not hold (read before a rename) is still shown, so it can be unticked.
  const known = new Set(all.map((item) => item.id));
  const missing: PickItem[] = chosen.filter((c) => !known.has(c)).map((c) => ({ id: c, name: `#${c}` }));
  const picked = [...all.filter((item) => chosen.includes(item.id)), ...missing];
  const others = all.filter(
    (item) => !chosen.includes(item.id) && (needle === '' || item.name.toLocaleLowerCase('hu').includes(needle)),
  );
  const rows: PickItem[] = [...picked, ...others];

  return (
    <fieldset
      className={styles.group}
      data-field={name}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {chosen.length > 0 && <span className={styles.count}> · {t.chosenCount(chosen.length)}</span>}
      </legend>
      {hint && <p className={styles.hint}>{hint}</p>}
      {items === null ? (
        <p className={styles.note}>{t.listFailed}</p>
      ) : all.length === 0 ? (
        <p className={styles.note}>{t.noneYet}</p>
      ) : (
        <>
          {all.length > 5 && (
            <input
              type="search"
              className={styles.search}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t.searchPlaceholder}
              aria-label={t.search(legend)}
              // Enter in the search box filters; it does not send the form.
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                event.stopPropagation();
              }}
            />
          )}
          <ul className={styles.pickList}>
            {rows.map((item) => (
              <li key={item.id}>
                <label className={styles.pick}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={chosen.includes(item.id)}
                    onChange={(event) => onChange(item.id, event.target.checked)}
                  />
                  <span className={styles.pickName}>{item.name}</span>
                  {/* The space keeps the name and the length apart for a screen reader; flex drops it on screen. */}
                  {item.detail ? (
                    <>
                      {' '}
                      <span className={styles.pickDetail}>{item.detail}</span>
                    </>
                  ) : null}
                </label>
              </li>
            ))}
            {others.length === 0 && needle !== '' && <li className={styles.note}>{t.noMatch}</li>}
          </ul>
        </>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
