'use client';

import { useStore } from 'jotai';
import { useState } from 'react';
import type { MusicPlan } from '@/contracts/music-plan';
import { LazyModalForm, usePreloadWhenIdle } from '@/components/ui/lazy';
import { Switch } from '@/components/ui/Switch';
import { musicPlanApi, notePlan } from '@/lib/api/music-plan';
import { form as huForm } from '@/lib/i18n/hu/form';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { parseSourceKey, sourceKey, type SourceOption } from '@/lib/mixer/music-plan';
import { showToast } from '@/lib/ui/toast';
import buttons from '../buttons.module.scss';
import formStyles from '../scheduler/ScheduleForm.module.scss';
import { SourceCover } from './SourceCover';
import { SourcePicker } from './SourcePicker';
import styles from './MusicPlan.module.scss';

const hu = { form: huForm, plan: huPlan, toast: huToast };

interface Props {
  plan: MusicPlan;
  channels: readonly SourceOption[] | null;
  playlists: readonly SourceOption[] | null;
  sources: ReadonlyMap<string, SourceOption>;
}

/** The body of POST /api/music-plan: the switch and the default source (both always sent: blank is none). */
function planBody(enabled: boolean, source: string) {
  const parsed = parseSourceKey(source);
  return { enabled, default_source_type: parsed?.type ?? null, default_source_id: parsed?.id ?? null };
}

const currentSource = (plan: MusicPlan) =>
  plan.default_source_type !== null && plan.default_source_id !== null
    ? sourceKey(plan.default_source_type, plan.default_source_id)
    : '';

/** The plan's own settings: the switch 'Automatikus napirend' and the default source 'Alapértelmezett zene'. */
export function PlanSettings({ plan, channels, playlists, sources }: Props) {
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<string | null>(null);
  // Rendered only while picking: the form's code is asked for with the page's other dialogs.
  usePreloadWhenIdle(LazyModalForm);
  const chosen = currentSource(plan);
  const source = sources.get(chosen);

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      await notePlan(await musicPlanApi.savePlan(planBody(enabled, chosen)));
      showToast(hu.toast.saved, store);
    } catch {
      // The switch shows what the server has.
      await notePlan(await musicPlanApi.plan()).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.settings} aria-label={hu.plan.settingsLabel}>
      <div className={styles.setting}>
        <div className={styles.settingText}>
          <span className={styles.settingName} id="plan-enabled-label">
            {hu.plan.enabled}
          </span>
          <span className={styles.settingHint}>{hu.plan.enabledHint}</span>
        </div>
        <Switch
          checked={plan.enabled}
          label={hu.plan.enabled}
          busy={busy}
          stateText={{ on: hu.plan.on, off: hu.plan.off }}
          onChange={(next) => void toggle(next)}
        />
      </div>
      <div className={styles.setting}>
        <div className={styles.settingText}>
          <span className={styles.settingName}>{hu.plan.defaultSource}</span>
          <span className={styles.settingHint}>{hu.plan.defaultSourceHint}</span>
        </div>
        <div className={styles.defaultValue}>
          {chosen !== '' && (
            <SourceCover
              source={source ?? { type: plan.default_source_type!, id: plan.default_source_id!, cover: null }}
              size={32}
            />
          )}
          <span className={styles.defaultName} data-testid="plan-default-source">
            {chosen === '' ? hu.plan.noDefault : (plan.default_source_name ?? source?.name ?? hu.plan.deletedSource)}
          </span>
          <button
            type="button"
            className={buttons.secondary}
            aria-label={`${hu.plan.defaultSource}: ${hu.plan.change}`}
            onClick={() => setPicking(chosen)}
          >
            {hu.plan.change}
          </button>
        </div>
      </div>
      {picking !== null && (
        <LazyModalForm
          open
          onOpenChange={(next) => !next && setPicking(null)}
          title={hu.plan.defaultTitle}
          description={hu.plan.defaultSourceHint}
          submitLabel={hu.form.save}
          busyLabel={hu.form.saving}
          cancelLabel={hu.form.cancel}
          className={formStyles.wide}
          onSubmit={async (_data, signal) => {
            await notePlan(await musicPlanApi.savePlan(planBody(plan.enabled, picking), signal));
            showToast(hu.toast.saved, store);
          }}
        >
          <SourcePicker
            fields={['default_source_id', 'default_source_type']}
            legend={hu.plan.sourceLegend}
            channels={channels}
            playlists={playlists}
            value={picking}
            onChange={setPicking}
            noneLabel={hu.plan.noneOption}
          />
        </LazyModalForm>
      )}
    </section>
  );
}
