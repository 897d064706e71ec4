'use client';

import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import type { ScheduledContent, Screen, SlideshowListItem, Spot } from '@/contracts';
import { MIXER_NAME_MAX, SCHEDULER_FREQUENCIES } from '@/contracts/names';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ModalForm } from '@/components/ui/ModalForm';
import { CheckboxField, SelectField, TextField } from '@/components/ui/TextField';
import { FieldError } from '@/components/ui/FieldError';
import { useFieldError } from '@/components/ui/form-errors';
import { CloseIcon } from '@/components/ui/icons';
import { openingHoursApi } from '@/lib/api/opening-hours';
import { noteScheduledContent, scheduledContentApi } from '@/lib/api/scheduled-contents';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { formatClock } from '@/lib/format/duration';
import { form as huForm } from '@/lib/i18n/hu/form';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { useZoneUi } from '@/lib/api/zones';
import { zoneBody, zoneChoiceOf, type ZoneChoice } from '@/lib/mixer/zones';
import {
  allDays,
  bodyOf,
  DAY_KEYS,
  draftOf,
  FIRES_PER_DAY_ASK,
  mostFiresPerDay,
  toggleId,
  weekdaysOnly,
  type ScheduleDraft,
} from '@/lib/mixer/scheduler';
import { showToast } from '@/lib/ui/toast';
import { PickList } from './PickList';
import styles from './ScheduleForm.module.scss';

const hu = { form: huForm, mixer: huMixer, scheduler: huScheduler, toast: huToast, zones: huZones };

const t = hu.scheduler;

interface Props {
  /** The item to edit, or null for a new one. */
  item: ScheduledContent | null;
  /** The shop's spots, slideshows and screens for the pickers; null when a list could not be read. */
  spots: readonly Spot[] | null;
  slideshows: readonly SlideshowListItem[] | null;
  screens: readonly Screen[] | null;
  onClose: () => void;
}

type WindowKeys = ['between_from', 'between_to'] | ['unless_between_from', 'unless_between_to'];

/** A time-of-day window: two native time inputs, both or neither, and an 'x' that clears both. */
function WindowFields({
  legend,
  hint,
  keys: [fromKey, toKey],
  draft,
  set,
}: {
  legend: string;
  hint: string;
  keys: WindowKeys;
  draft: ScheduleDraft;
  set: (patch: Partial<ScheduleDraft>) => void;
}) {
  const filled = draft[fromKey] !== '' || draft[toKey] !== '';
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.hint}>{hint}</p>
      <div className={styles.window}>
        <TextField
          name={fromKey}
          label={t.fromLabel}
          type="time"
          value={draft[fromKey]}
          onChange={(event) => set({ [fromKey]: event.target.value })}
        />
        <TextField
          name={toKey}
          label={t.toLabel}
          type="time"
          value={draft[toKey]}
          onChange={(event) => set({ [toKey]: event.target.value })}
        />
        <button
          type="button"
          className={styles.clear}
          aria-label={t.clearWindow(legend)}
          title={t.clearWindow(legend)}
          disabled={!filled}
          onClick={() => set({ [fromKey]: '', [toKey]: '' })}
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </fieldset>
  );
}

/** The days: seven checkboxes, the two shortcuts, and the server's `days` error (none chosen). */
function DayFields({ draft, set }: { draft: ScheduleDraft; set: (patch: Partial<ScheduleDraft>) => void }) {
  const error = useFieldError('days');
  return (
    <fieldset className={styles.group} data-field="days" aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{t.daysLegend}</legend>
      <div className={styles.shortcuts}>
        <button type="button" className={styles.shortcut} onClick={() => set({ days: allDays() })}>
          {t.allDays}
        </button>
        <button type="button" className={styles.shortcut} onClick={() => set({ days: weekdaysOnly() })}>
          {t.weekdays}
        </button>
      </div>
      <div className={styles.days}>
        {DAY_KEYS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            label={t.days[key]}
            checked={draft.days[key]}
            onChange={(event) => set({ days: { ...draft.days, [key]: event.target.checked } })}
          />
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

/**
 * A scheduled item's form (SPEC.md §2, §3, §5): name, frequency, dates, days, the two time windows,
 * the spots and slideshows to play, and the screens (offered once a slideshow is chosen). The
 * server's first message shows under each field, with 'Hibás kitöltés, kérjük javítsa.' under the
 * buttons while any stands.
 */
/** 'Mégse' on the question: the save stops quietly (no error), and the form stays as it was. */
const notNow = () => Object.assign(new Error('not saved'), { name: 'AbortError' });

export function ScheduleModal({ item, spots, slideshows, screens, onClose }: Props) {
  const store = useStore();
  const timeZone = useShopTimeZone();
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(item));
  // The question before a rule that fires more than FIRES_PER_DAY_ASK times a day: its count, and
  // the answer the save waits for.
  const [asking, setAsking] = useState<number | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const ask = (count: number) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(count);
    });
  const reply = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsking(null);
  };
  // 'Zónák' (issue 43, with more than one zone): every zone (the default), or the chosen ones.
  const zones = useZoneUi();
  const [zoneChoice, setZoneChoice] = useState<ZoneChoice>(() => zoneChoiceOf(item));
  const set = (patch: Partial<ScheduleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const pick = (field: 'spots' | 'slideshows' | 'screens') => (id: number, on: boolean) =>
    setDraft((d) => ({ ...d, [field]: toggleId(d[field], id, on) }));

  return (
    <ModalForm
      open
      onOpenChange={(next) => !next && onClose()}
      title={item ? t.editTitle : t.createTitle}
      submitLabel={hu.form.save}
      busyLabel={hu.form.saving}
      cancelLabel={hu.form.cancel}
      invalidAlert
      className={styles.wide}
      onSubmit={async (_data, signal) => {
        const body = { ...bodyOf(draft), ...zoneBody(zoneChoice, zones) };
        // Asked only of a form the server may take (a name, something to play): a refused one shows its errors first.
        const complete = body.name.trim() !== '' && body.spots.length + body.slideshows.length > 0;
        let most = complete ? mostFiresPerDay(body, Date.now(), timeZone) : 0;
        // An item only while open counts the shop's open minutes (a Laravel API has no hours: always open).
        if (most > FIRES_PER_DAY_ASK && body.only_open) {
          const hours = await openingHoursApi.get().catch(() => null);
          most = mostFiresPerDay(body, Date.now(), timeZone, hours);
        }
        if (most > FIRES_PER_DAY_ASK && !(await ask(most))) throw notNow();
        const saved = item
          ? await scheduledContentApi.update(item.id, body, signal)
          : await scheduledContentApi.create(body, signal);
        await noteScheduledContent(saved);
        showToast(hu.toast.saved, store);
      }}
    >
      <TextField
        name="name"
        label={hu.mixer.nameLabel}
        value={draft.name}
        onChange={(event) => set({ name: event.target.value })}
        placeholder={t.namePlaceholder}
        maxLength={MIXER_NAME_MAX}
        autoComplete="off"
        autoFocus
      />
      <SelectField
        name="frequency"
        label={t.frequencyLabel}
        value={draft.frequency}
        onChange={(event) => {
          const frequency = SCHEDULER_FREQUENCIES.find((f) => f === event.target.value);
          if (frequency) set({ frequency });
        }}
      >
        {SCHEDULER_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t.frequencies[frequency]}
          </option>
        ))}
      </SelectField>
      <div className={styles.pair}>
        <TextField
          name="date_from"
          label={t.dateFrom}
          type="date"
          value={draft.date_from}
          onChange={(event) => set({ date_from: event.target.value })}
        />
        <TextField
          name="date_to"
          label={t.dateTo}
          type="date"
          value={draft.date_to}
          onChange={(event) => set({ date_to: event.target.value })}
        />
        <p className={`${styles.hint} ${styles.pairHint}`}>{t.datesHint}</p>
      </div>
      <DayFields draft={draft} set={set} />
      <WindowFields
        legend={t.onlyLegend}
        hint={t.onlyHint}
        keys={['between_from', 'between_to']}
        draft={draft}
        set={set}
      />
      <WindowFields
        legend={t.exceptLegend}
        hint={t.exceptHint}
        keys={['unless_between_from', 'unless_between_to']}
        draft={draft}
        set={set}
      />
      <PickList
        name="spots"
        legend={t.spotsLegend}
        items={
          spots?.map((spot) => ({
            id: spot.id,
            name: spot.name,
            detail: spot.duration > 0 ? formatClock(spot.duration) : undefined,
          })) ?? null
        }
        chosen={draft.spots}
        onChange={pick('spots')}
      />
      <PickList
        name="slideshows"
        legend={t.slideshowsLegend}
        items={slideshows}
        chosen={draft.slideshows}
        onChange={pick('slideshows')}
      />
      {draft.slideshows.length > 0 && (
        <PickList
          name="screens"
          legend={t.screensLegend}
          hint={t.screensHint}
          items={screens}
          chosen={draft.screens}
          onChange={pick('screens')}
        />
      )}
      {zones.length > 0 && (
        <fieldset className={styles.group} data-zones-field="">
          <legend className={styles.legend}>{hu.zones.schedulerZones}</legend>
          <CheckboxField
            name="all_zones"
            label={hu.zones.allZones}
            checked={zoneChoice.all}
            onChange={(event) => setZoneChoice((c) => ({ ...c, all: event.target.checked }))}
          />
          {!zoneChoice.all && (
            <PickList
              name="zones"
              legend={hu.zones.someZones}
              items={zones.map((zone) => ({ id: zone.id, name: zone.name }))}
              chosen={zoneChoice.ids}
              onChange={(id, on) => setZoneChoice((c) => ({ ...c, ids: toggleId(c.ids, id, on) }))}
            />
          )}
        </fieldset>
      )}
      <div className={styles.group}>
        <CheckboxField
          name="only_open"
          label={t.onlyOpen}
          checked={draft.only_open}
          onChange={(event) => set({ only_open: event.target.checked })}
        />
        <p className={styles.hint}>{t.onlyOpenHint}</p>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && reply(false)}
        title={asking === null ? '' : t.manyFires(asking)}
        confirmLabel={t.manyFiresConfirm}
        cancelLabel={hu.form.cancel}
        onConfirm={() => reply(true)}
      />
    </ModalForm>
  );
}
