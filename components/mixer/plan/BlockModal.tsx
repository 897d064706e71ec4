'use client';

import { useStore } from 'jotai';
import { useState } from 'react';
import type { MusicBlock } from '@/contracts/music-plan';
import { MIXER_NAME_MAX, type DayKey } from '@/contracts/names';
import { FieldError } from '@/components/ui/FieldError';
import { useFieldError } from '@/components/ui/form-errors';
import { TrashIcon } from '@/components/ui/icons';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { ModalForm } from '@/components/ui/ModalForm';
import { CheckboxField, TextField } from '@/components/ui/TextField';
import { forgetBlock, musicPlanApi, noteBlock, reloadBlocks } from '@/lib/api/music-plan';
import { form as huForm } from '@/lib/i18n/hu/form';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import {
  blockBody,
  blockTitle,
  draftOfBlock,
  type BlockDraft,
  type BlockPrefill,
  type SourceOption,
} from '@/lib/mixer/music-plan';
import { allDays, DAY_KEYS, weekdaysOnly } from '@/lib/mixer/scheduler';
import { showToast } from '@/lib/ui/toast';
import formStyles from '../scheduler/ScheduleForm.module.scss';
import styles from './MusicPlan.module.scss';
import { SourcePicker } from './SourcePicker';

const hu = { form: huForm, mixer: huMixer, plan: huPlan, scheduler: huScheduler, toast: huToast };

interface Props {
  /** The block to edit, or null for a new one (prefilled from a drag, or the defaults). */
  block: MusicBlock | null;
  prefill?: BlockPrefill;
  /** The days the shop does not open (its weekly hours): a block chosen on one warns it will not sound. */
  closedDays?: readonly DayKey[];
  channels: readonly SourceOption[] | null;
  playlists: readonly SourceOption[] | null;
  onClose: () => void;
}

/** The days: seven checkboxes, the scheduler's two shortcuts, and the server's `days` error. */
function DayFields({
  draft,
  set,
  closedDays,
}: {
  draft: BlockDraft;
  set: (patch: Partial<BlockDraft>) => void;
  closedDays: readonly DayKey[];
}) {
  const error = useFieldError('days');
  const shut = DAY_KEYS.filter((key) => draft.days[key] && closedDays.includes(key));
  return (
    <fieldset className={formStyles.group} data-field="days" aria-invalid={error ? true : undefined}>
      <legend className={formStyles.legend}>{hu.scheduler.daysLegend}</legend>
      <div className={formStyles.shortcuts}>
        <button type="button" className={formStyles.shortcut} onClick={() => set({ days: allDays() })}>
          {hu.scheduler.allDays}
        </button>
        <button type="button" className={formStyles.shortcut} onClick={() => set({ days: weekdaysOnly() })}>
          {hu.scheduler.weekdays}
        </button>
      </div>
      <div className={formStyles.days}>
        {DAY_KEYS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            label={hu.scheduler.days[key]}
            checked={draft.days[key]}
            onChange={(event) => set({ days: { ...draft.days, [key]: event.target.checked } })}
          />
        ))}
      </div>
      {shut.length > 0 && (
        <p className={styles.closedWarning} role="status">
          <strong>{shut.map((key) => hu.scheduler.days[key]).join(', ')}</strong>
          {' – '}
          {shut.length === 1 ? hu.plan.closedDayWarning : hu.plan.closedDaysWarning}
        </p>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}

/**
 * A music block's form, as the scheduler's: an optional name, the days, from–to (past midnight when
 * the end is earlier), the source (a channel or a playlist, with search), an optional volume and
 * shuffle; an existing block can be deleted here (after a confirm). The server's first message shows
 * under each field (the overlap one under 'Kezdés').
 */
export function BlockModal({ block, prefill, closedDays = [], channels, playlists, onClose }: Props) {
  const store = useStore();
  const [draft, setDraft] = useState<BlockDraft>(() => draftOfBlock(block, prefill));
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<BlockDraft>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <>
      <ModalForm
        open
        onOpenChange={(next) => !next && onClose()}
        title={block ? hu.plan.editTitle : hu.plan.createTitle}
        submitLabel={hu.form.save}
        busyLabel={hu.form.saving}
        cancelLabel={hu.form.cancel}
        invalidAlert
        className={formStyles.wide}
        onSubmit={async (_data, signal) => {
          const body = blockBody(draft);
          const saved = block
            ? await musicPlanApi.update(block.id, body, signal)
            : await musicPlanApi.create(body, signal);
          await noteBlock(saved);
          showToast(hu.toast.saved, store);
        }}
      >
        <TextField
          name="name"
          label={hu.mixer.nameLabel}
          hint={hu.plan.nameHint}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
          placeholder={hu.plan.namePlaceholder}
          maxLength={MIXER_NAME_MAX}
          autoComplete="off"
          autoFocus
        />
        <DayFields draft={draft} set={set} closedDays={closedDays} />
        <fieldset className={formStyles.group}>
          <legend className={formStyles.legend}>{hu.plan.timeLegend}</legend>
          <p className={formStyles.hint}>{hu.plan.timeHint}</p>
          <div className={formStyles.pair}>
            <TextField
              name="from"
              label={hu.plan.fromLabel}
              type="time"
              step={60}
              value={draft.from}
              onChange={(event) => set({ from: event.target.value })}
            />
            <TextField
              name="to"
              label={hu.plan.toLabel}
              type="time"
              step={60}
              value={draft.to}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
        </fieldset>
        <SourcePicker
          fields={['source_id', 'source_type']}
          legend={hu.plan.sourceLegend}
          channels={channels}
          playlists={playlists}
          value={draft.source}
          onChange={(source) => set({ source })}
        />
        <div className={formStyles.pair}>
          <TextField
            name="volume"
            label={hu.plan.volumeLabel}
            hint={hu.plan.volumeHint}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={draft.volume}
            onChange={(event) => set({ volume: event.target.value })}
          />
          <div className={styles.shuffleField}>
            <CheckboxField
              name="shuffle"
              label={hu.plan.shuffleLabel}
              checked={draft.shuffle}
              onChange={(event) => set({ shuffle: event.target.checked })}
            />
          </div>
        </div>
        {block && (
          <div className={styles.deleteRow}>
            <button type="button" className={styles.deleteButton} onClick={() => setConfirming(true)}>
              <TrashIcon size={18} />
              {hu.plan.deleteButton}
            </button>
          </div>
        )}
      </ModalForm>
      {block && (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={hu.plan.deleteTitle}
          description={hu.plan.deleteHint(blockTitle(block, hu.plan.deletedSource))}
          confirmLabel={hu.plan.deleteConfirm}
          cancelLabel={hu.form.cancel}
          danger
          onConfirm={async () => {
            try {
              await musicPlanApi.remove(block.id);
              await forgetBlock(block.id);
              showToast(hu.toast.deleted, store);
              onClose();
            } catch {
              reloadBlocks();
            }
          }}
        />
      )}
    </>
  );
}
