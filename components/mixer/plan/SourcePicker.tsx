'use client';

import { useId, useState } from 'react';
import { FieldError } from '@/components/ui/FieldError';
import { useFieldError } from '@/components/ui/form-errors';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import { sourceKey, type SourceOption } from '@/lib/mixer/music-plan';
import formStyles from '../scheduler/ScheduleForm.module.scss';
import { SourceCover } from './SourceCover';
import styles from './MusicPlan.module.scss';

const hu = { plan: huPlan, scheduler: huScheduler };

interface Props {
  /** The server's field names for the errors: the id's first, then the type's. */
  fields: readonly [string, string];
  legend: string;
  hint?: string;
  channels: readonly SourceOption[] | null;
  playlists: readonly SourceOption[] | null;
  /** `channel:3`, `playlist:7`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Offers 'none' as the first choice, with this label. */
  noneLabel?: string;
}

const collator = new Intl.Collator('hu', { sensitivity: 'base' });

/**
 * One music source from the catalogue's channels and the shop's playlists: a radio list with a search
 * box, as the scheduler's pickers (the chosen one stays at the top whatever the search says).
 */
export function SourcePicker({ fields, legend, hint, channels, playlists, value, onChange, noneLabel }: Props) {
  const [query, setQuery] = useState('');
  const id = useId();
  const idError = useFieldError(fields[0]);
  const typeError = useFieldError(fields[1]);
  const error = idError ?? typeError;
  const errorId = `${id}-error`;
  const needle = query.trim().toLocaleLowerCase('hu');
  const matches = (o: SourceOption) =>
    sourceKey(o.type, o.id) === value || needle === '' || o.name.toLocaleLowerCase('hu').includes(needle);
  const sorted = (list: readonly SourceOption[] | null) =>
    [...(list ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const chosen = [...(channels ?? []), ...(playlists ?? [])].find((o) => sourceKey(o.type, o.id) === value);
  const groups = [
    { label: hu.plan.channelsGroup, items: sorted(channels).filter((o) => o !== chosen && matches(o)) },
    { label: hu.plan.playlistsGroup, items: sorted(playlists).filter((o) => o !== chosen && matches(o)) },
  ];
  const total = (channels?.length ?? 0) + (playlists?.length ?? 0);
  const shown = groups.reduce((n, g) => n + g.items.length, 0);

  const option = (o: SourceOption) => {
    const key = sourceKey(o.type, o.id);
    return (
      <li key={key}>
        <label className={formStyles.pick}>
          <input
            type="radio"
            name={`${id}-source`}
            className={formStyles.checkbox}
            value={key}
            checked={value === key}
            onChange={() => onChange(key)}
          />
          <SourceCover source={o} size={28} />
          <span className={formStyles.pickName}>{o.name}</span>{' '}
          <span className={formStyles.pickDetail}>{o.type === 'channel' ? hu.plan.channel : hu.plan.playlist}</span>
        </label>
      </li>
    );
  };

  return (
    <fieldset
      className={formStyles.group}
      data-field={fields[0]}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={formStyles.legend}>{legend}</legend>
      {hint && <p className={formStyles.hint}>{hint}</p>}
      {channels === null && playlists === null ? (
        <p className={formStyles.note}>{hu.plan.sourcesFailed}</p>
      ) : (
        <>
          {total > 5 && (
            <input
              type="search"
              className={formStyles.search}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={hu.scheduler.searchPlaceholder}
              aria-label={hu.scheduler.search(legend)}
              // Enter in the search box filters; it does not send the form.
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                event.stopPropagation();
              }}
            />
          )}
          <ul className={`${formStyles.pickList} ${styles.sourceList}`}>
            {noneLabel !== undefined && (
              <li>
                <label className={formStyles.pick}>
                  <input
                    type="radio"
                    name={`${id}-source`}
                    className={formStyles.checkbox}
                    value=""
                    checked={value === ''}
                    onChange={() => onChange('')}
                  />
                  <span className={formStyles.pickName}>{noneLabel}</span>
                </label>
              </li>
            )}
            {chosen && option(chosen)}
            {groups.map((group) =>
              group.items.length === 0 ? null : (
                <li key={group.label}>
                  <span className={styles.sourceGroup}>{group.label}</span>
                  <ul className={styles.sourceGroupList}>{group.items.map(option)}</ul>
                </li>
              ),
            )}
            {shown === 0 && needle !== '' && <li className={formStyles.note}>{hu.scheduler.noMatch}</li>}
          </ul>
        </>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
