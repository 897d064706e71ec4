'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { OpeningHours } from '@/contracts/opening-hours';
import { DAY_KEYS, type DayKey } from '@/contracts/names';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { FieldError } from '@/components/ui/FieldError';
import { FormActions } from '@/components/ui/FormActions';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { CheckboxField, TextField } from '@/components/ui/TextField';
import { CheckIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { BrowserApiError, firstError } from '@/lib/api/fetcher';
import { noteOpeningHours, openingHoursApi, useOpeningHours } from '@/lib/api/opening-hours';
import { errors as huErrors } from '@/lib/i18n/hu/errors';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { showToast } from '@/lib/ui/toast';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import { useSavedFlag } from '@/lib/ui/use-saved-flag';
import styles from './OpeningHours.module.scss';
import rowStyles from './Settings.module.scss';

const hu = { errors: huErrors, form: huForm, settings: huSettings };

/** Most date exceptions a shop may have (contracts/opening-hours.ts, which pulls zod: repeated here). */
export const EXCEPTIONS_MAX = 50;

interface Hours {
  closed: boolean;
  open: string;
  close: string;
}
interface DayDraft extends Hours {
  day: DayKey;
}
interface ExceptionDraft extends Hours {
  key: number;
  date: string;
  name: string;
}
interface Draft {
  week: DayDraft[];
  exceptions: ExceptionDraft[];
}

/** What a shop without opening hours is offered to start from: Monday to Saturday 8 to 20. */
const SUGGESTED: Hours = { closed: false, open: '08:00', close: '20:00' };
const SUGGESTED_TIMES = { open: SUGGESTED.open, close: SUGGESTED.close };

/** The exception rows' React keys (a row keeps its key, and its focus, when one above it goes). */
let lastKey = 0;
const nextKey = () => ++lastKey;

function hoursOf(h: { closed: true } | { open: string; close: string }, fallback: Hours): Hours {
  return 'closed' in h ? { ...fallback, closed: true } : { closed: false, open: h.open, close: h.close };
}

function draftOf(hours: OpeningHours): Draft {
  const byDay = new Map(hours.week.map((d) => [d.day, d]));
  return {
    week: DAY_KEYS.map((day) => {
      const saved = byDay.get(day);
      if (saved) return { day, ...hoursOf(saved, SUGGESTED) };
      return { day, ...SUGGESTED, closed: hours.week.length === 0 && day === 'sunday' };
    }),
    exceptions: hours.exceptions.map((e) => ({ key: nextKey(), date: e.date, name: e.name, ...hoursOf(e, SUGGESTED) })),
  };
}

function bodyOf(draft: Draft): OpeningHours {
  const times = (h: Hours) => (h.closed ? { closed: true as const } : { open: h.open, close: h.close });
  return {
    week: draft.week.map((d) => ({ day: d.day, ...times(d) })),
    exceptions: draft.exceptions.map((e) => ({ date: e.date, name: e.name, ...times(e) })),
  };
}

/** Past midnight: a close earlier than the open (equal is refused by the server). */
const pastMidnight = (h: Hours) => !h.closed && h.open !== '' && h.close !== '' && h.close < h.open;

const dayPrefix = (text: string) => <span className={styles.hidden}>{text}: </span>;

interface HoursFieldsProps {
  prefix: string;
  /** Read aloud before each field's own label ('Hétfő', '2. eltérő nap'). */
  label: string;
  hours: Hours;
  onChange: (patch: Partial<Hours>) => void;
}

/** Closed, or open from–to; a close before the open says it is the next day's. */
function HoursFields({ prefix, label, hours, onChange }: HoursFieldsProps) {
  return (
    <>
      <CheckboxField
        name={`${prefix}.closed`}
        label={
          <>
            {dayPrefix(label)}
            {hu.settings.closed}
          </>
        }
        className={styles.closed}
        checked={hours.closed}
        onChange={(event) => onChange({ closed: event.target.checked })}
      />
      {hours.closed ? (
        <p className={styles.closedNote} aria-hidden="true">
          {hu.settings.closedAllDay}
        </p>
      ) : (
        <div className={styles.times}>
          <TextField
            name={`${prefix}.open`}
            type="time"
            label={
              <>
                {dayPrefix(label)}
                {hu.settings.open}
              </>
            }
            className={styles.time}
            value={hours.open}
            required
            onChange={(event) => onChange({ open: event.target.value })}
          />
          <TextField
            name={`${prefix}.close`}
            type="time"
            label={
              <>
                {dayPrefix(label)}
                {hu.settings.close}
              </>
            }
            className={styles.time}
            value={hours.close}
            required
            onChange={(event) => onChange({ close: event.target.value })}
          />
          {pastMidnight(hours) ? <p className={styles.note}>{hu.settings.pastMidnight(hours.close)}</p> : null}
        </div>
      )}
    </>
  );
}

function OpeningHoursForm({ saved }: { saved: OpeningHours }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [clearing, setClearing] = useState(false);
  const { saved: savedFlag, flash } = useSavedFlag();
  const pending = useRef<OpeningHours | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // A row just added gets the focus on its date, so the keyboard goes on where the eye does.
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null) formRef.current?.querySelector<HTMLElement>(`[data-exception="${added}"] input`)?.focus();
  }, [added]);
  // A refused save takes the keyboard to the first refused field: after the commit that shows the
  // errors (an effect, not a timer that may run before React has rendered them).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = useFormSubmit(async (signal) => {
    const body = pending.current ?? bodyOf(draft);
    try {
      const answer = await openingHoursApi.save(body, signal);
      await noteOpeningHours(answer);
      setDraft(draftOf(answer));
    } catch (error) {
      if (!signal.aborted) showToast(error instanceof BrowserApiError ? hu.form.invalid : hu.form.failed);
      throw error;
    }
  }, hu.form.invalid);

  const save = async (body: OpeningHours | null) => {
    pending.current = body;
    const ok = await submit.submit();
    pending.current = null;
    if (ok) {
      showToast(hu.settings.toastSaved);
      flash();
    } else {
      setRefusals((n) => n + 1);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(null);
  };

  const setDay = (index: number, patch: Partial<Hours>) => {
    for (const field of Object.keys(patch)) submit.clearError(`week.${index}.${field}`);
    submit.clearError('week');
    setDraft((d) => ({ ...d, week: d.week.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  };
  const setException = (index: number, patch: Partial<ExceptionDraft>) => {
    for (const field of Object.keys(patch)) submit.clearError(`exceptions.${index}.${field}`);
    setDraft((d) => ({
      ...d,
      exceptions: d.exceptions.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));
  };
  const addException = () => {
    submit.clearError('exceptions');
    const key = nextKey();
    setDraft((d) => ({
      ...d,
      exceptions: [...d.exceptions, { key, date: '', name: '', closed: true, ...SUGGESTED_TIMES }],
    }));
    setAdded(key);
  };
  const removeException = (index: number) => {
    // The errors are keyed by position: the rows after this one move up, so their errors would not.
    submit.clearErrors();
    setDraft((d) => ({ ...d, exceptions: d.exceptions.filter((_, i) => i !== index) }));
    // The removed row took the focus with it: it goes to 'Eltérő nap hozzáadása'.
    setTimeout(() => addRef.current?.focus(), 0);
  };
  const copyMonday = () => {
    submit.clearErrors();
    setDraft((d) => {
      const monday = d.week[0]!;
      return {
        ...d,
        week: d.week.map((row) => ({ ...row, closed: monday.closed, open: monday.open, close: monday.close })),
      };
    });
  };

  const none = saved.week.length === 0 && saved.exceptions.length === 0;
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(saved) || none;
  const full = draft.exceptions.length >= EXCEPTIONS_MAX;

  return (
    <Section title={hu.settings.hoursTitle} hint={hu.settings.hoursHint} saved={savedFlag} id="opening-hours">
      <p className={none ? styles.noneLine : styles.hidden} role="status">
        {none ? hu.settings.hoursNone : ''}
      </p>
      <FormErrors value={submit.errors}>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={hu.settings.hoursTitle}>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{hu.settings.hoursWeek}</legend>
            <FieldError message={firstError(submit.errors, 'week')} />
            <ol className={styles.days}>
              {draft.week.map((row, i) => {
                const name = hu.settings.days[row.day] ?? row.day;
                return (
                  <li key={row.day} className={styles.day} data-day={row.day}>
                    <span className={styles.dayName} aria-hidden="true">
                      {name}
                    </span>
                    <HoursFields prefix={`week.${i}`} label={name} hours={row} onChange={(p) => setDay(i, p)} />
                  </li>
                );
              })}
            </ol>
            <button type="button" className={styles.linkButton} onClick={copyMonday}>
              {hu.settings.copyMonday}
            </button>
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{hu.settings.exceptionsTitle}</legend>
            <p className={styles.groupHint}>{hu.settings.exceptionsHint}</p>
            <FieldError message={firstError(submit.errors, 'exceptions')} />
            {draft.exceptions.length === 0 ? <p className={styles.muted}>{hu.settings.exceptionsNone}</p> : null}
            <ol className={styles.exceptions}>
              {draft.exceptions.map((row, i) => {
                const label = hu.settings.exceptionLabel(i + 1);
                return (
                  <li key={row.key} className={styles.exception} aria-label={label} data-exception={row.key}>
                    <div className={styles.exceptionHead}>
                      <TextField
                        name={`exceptions.${i}.date`}
                        type="date"
                        label={
                          <>
                            {dayPrefix(label)}
                            {hu.settings.exceptionDate}
                          </>
                        }
                        className={styles.date}
                        value={row.date}
                        required
                        onChange={(event) => setException(i, { date: event.target.value })}
                      />
                      <TextField
                        name={`exceptions.${i}.name`}
                        label={
                          <>
                            {dayPrefix(label)}
                            {hu.settings.exceptionName}
                          </>
                        }
                        className={styles.name}
                        value={row.name}
                        placeholder={hu.settings.exceptionNamePlaceholder}
                        maxLength={255}
                        onChange={(event) => setException(i, { name: event.target.value })}
                      />
                      <button
                        type="button"
                        className={styles.remove}
                        aria-label={hu.settings.removeExceptionOf(i + 1)}
                        title={hu.settings.removeException}
                        onClick={() => removeException(i)}
                      >
                        <TrashIcon size={20} />
                      </button>
                    </div>
                    <div className={styles.exceptionHours}>
                      <HoursFields
                        prefix={`exceptions.${i}`}
                        label={label}
                        hours={row}
                        onChange={(p) => setException(i, p)}
                      />
                    </div>
                  </li>
                );
              })}
            </ol>
            {full ? (
              <p className={styles.muted}>{hu.settings.exceptionsFull(EXCEPTIONS_MAX)}</p>
            ) : (
              <button ref={addRef} type="button" className={styles.add} onClick={addException}>
                <PlusIcon size={18} />
                {hu.settings.addException}
              </button>
            )}
          </fieldset>

          <FormAlert>{firstError(submit.errors, '_general')}</FormAlert>
          <div className={styles.actions}>
            <FormActions
              busy={submit.busy}
              submitLabel={hu.form.save}
              busyLabel={hu.form.saving}
              submitDisabled={!dirty}
            />
            {!none ? (
              <button type="button" className={styles.clear} onClick={() => setClearing(true)} disabled={submit.busy}>
                {hu.settings.hoursClear}
              </button>
            ) : null}
          </div>
        </form>
      </FormErrors>
      <LazyConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title={hu.settings.hoursClearTitle}
        description={hu.settings.hoursClearText}
        confirmLabel={hu.settings.hoursClearConfirm}
        cancelLabel={hu.form.cancel}
        danger
        onConfirm={() => save({ week: [], exceptions: [] })}
      />
    </Section>
  );
}

interface SectionProps {
  title: string;
  hint: string;
  saved?: boolean;
  id: string;
  children: ReactNode;
}

/** A settings section of its own (not a setting row): a card with its heading and 'Mentve'. */
export function Section({ title, hint, saved = false, id, children }: SectionProps) {
  return (
    <section className={rowStyles.row} aria-labelledby={`${id}-title`}>
      <div className={rowStyles.rowHead}>
        <h2 className={rowStyles.rowTitle} id={`${id}-title`}>
          {title}
        </h2>
        <span className={rowStyles.savedSlot} role="status">
          {saved ? (
            <span className={rowStyles.saved} data-saved-flag="">
              <CheckIcon size={18} />
              {hu.settings.savedFlag}
            </span>
          ) : null}
        </span>
      </div>
      <p className={rowStyles.rowHint}>{hint}</p>
      <div className={rowStyles.rowBody}>{children}</div>
    </section>
  );
}

/**
 * 'Nyitvatartás' (issue 26): the week, Monday first, each day closed or open from–to, and the date
 * exceptions; one 'Mentés' sends the whole set. A Laravel API has no such call (404): the section is
 * not shown at all.
 */
export function OpeningHoursSetting({ initial }: { initial: OpeningHours | null }) {
  const { hours, missing, failed, retry } = useOpeningHours(initial);
  if (missing) return null;
  if (failed)
    return (
      <Section title={hu.settings.hoursTitle} hint={hu.settings.hoursHint} id="opening-hours">
        <p className={styles.muted}>{hu.settings.hoursLoadFailed}</p>
        <button type="button" className={rowStyles.secondary} onClick={retry}>
          {hu.errors.retry}
        </button>
      </Section>
    );
  if (!hours) return null;
  return <OpeningHoursForm saved={hours} />;
}
