'use client';

import { useStore } from 'jotai';
import { useState } from 'react';
import type { SchedulePreview } from '@/contracts';
import type { MusicBlock, MusicPlan } from '@/contracts/music-plan';
import { EmptyState } from '@/components/ui/EmptyState';
import { PlusIcon } from '@/components/ui/icons';
import { WarmUp, lazyComponent, preloadOnIntent } from '@/components/ui/lazy';
import { BrowserApiError, firstError } from '@/lib/api/fetcher';
import { musicPlanApi, noteBlock, reloadBlocks, useMusicBlocks, useMusicPlan, usePlanZone } from '@/lib/api/music-plan';
import { useOpeningHours } from '@/lib/api/opening-hours';
import { useSchedulePreview } from '@/lib/api/scheduled-contents';
import { errors } from '@/lib/i18n/hu/errors';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import {
  closedDays,
  closedStretches,
  resizedBody,
  sourceKey,
  type BlockPrefill,
  type SourceOption,
} from '@/lib/mixer/music-plan';
import { showToast } from '@/lib/ui/toast';
import buttons from '../buttons.module.scss';
import { MixerHeader } from '../MixerHeader';
import { ScheduleTimeline } from '../scheduler/ScheduleTimeline';
import { PlanDayList } from './PlanDayList';
import { PlanSettings } from './PlanSettings';
import { PlanZones } from './PlanZones';
import { WeekGrid } from './WeekGrid';
import styles from './MusicPlan.module.scss';

const hu = { errors, mixer: huMixer, plan: huPlan };

/** The form (its pickers and fields) loads on its first opening. */
const BlockModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadBlockModal()));

export interface MusicPlanInitial {
  plan: MusicPlan | null;
  blocks: MusicBlock[] | null;
  channels: SourceOption[] | null;
  playlists: SourceOption[] | null;
  preview: SchedulePreview | null;
}

type Editor = { block: MusicBlock | null; prefill?: BlockPrefill; session: number };

/**
 * 'Zenei napirend' (issue 26): the plan's switch and default source, the week's blocks (a week view
 * on wide screens, a list by day on phones), the block form, and the next 24 hours as the scheduler
 * shows them (the same preview, with the music's events).
 */
export function MusicPlanView({ initial, zone = null }: { initial: MusicPlanInitial; zone?: number | null }) {
  // Zones (issue 43): the calls and keys below are this zone's (null: the first).
  usePlanZone(zone);
  const store = useStore();
  const { plan } = useMusicPlan(initial.plan);
  const { list: blocks, failed, retry } = useMusicBlocks(initial.blocks);
  const preview = useSchedulePreview(initial.preview);
  // The shop's weekly hours: the week shades the closed ones, the form warns of a closed day.
  const { hours } = useOpeningHours(null);
  const closed = closedStretches(hours);
  const shut = closedDays(hours);
  const [editor, setEditor] = useState<Editor | null>(null);
  const open = (block: MusicBlock | null, prefill?: BlockPrefill) =>
    setEditor((e) => ({ block, prefill, session: (e?.session ?? 0) + 1 }));

  const sources = new Map<string, SourceOption>();
  for (const s of [...(initial.channels ?? []), ...(initial.playlists ?? [])]) sources.set(sourceKey(s.type, s.id), s);

  const resize = async (block: MusicBlock, from: string, to: string) => {
    try {
      await noteBlock(await musicPlanApi.update(block.id, resizedBody(block, from, to)));
    } catch (error) {
      // The overlap (or any refusal) in words; the block goes back to where the server has it.
      const message =
        error instanceof BrowserApiError
          ? (firstError(error.errors, 'from') ?? firstError(error.errors, 'to') ?? hu.plan.resizeFailed)
          : hu.plan.resizeFailed;
      showToast(message, store);
      reloadBlocks();
    }
  };

  const addButton = (
    <button type="button" className={buttons.primary} {...preloadOnIntent(BlockModal)} onClick={() => open(null)}>
      <PlusIcon />
      {hu.plan.add}
    </button>
  );

  return (
    <>
      <MixerHeader title={hu.mixer.headings.plan}>{addButton}</MixerHeader>

      <PlanZones zone={zone} />

      {plan && <PlanSettings plan={plan} channels={initial.channels} playlists={initial.playlists} sources={sources} />}

      {failed && blocks === null ? (
        <EmptyState tone="notice" title={hu.plan.loadFailed}>
          <button type="button" className={buttons.secondary} onClick={retry}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      ) : blocks === null ? null : (
        <section className={styles.weekSection} aria-labelledby="plan-week-title">
          <h2 id="plan-week-title" className={styles.sectionTitle}>
            {hu.plan.weekLabel}
          </h2>
          {blocks.length === 0 ? <EmptyState compact title={hu.plan.emptyTitle} text={hu.plan.emptyHint} /> : null}
          <p className={`${styles.sectionHint} ${styles.wideOnly}`}>
            {hu.plan.weekHint}
            {Object.values(closed).some((day) => day.length > 0) && (
              <>
                {' '}
                <span className={styles.closedKey} aria-hidden="true" /> {hu.plan.closedLegend}
              </>
            )}
          </p>
          <div className={styles.wideOnly}>
            <WeekGrid
              blocks={blocks}
              closed={closed}
              sources={sources}
              onCreate={(prefill) => open(null, prefill)}
              onOpen={(block) => open(block)}
              onResize={resize}
            />
          </div>
          <div className={styles.phoneOnly}>
            <PlanDayList blocks={blocks} sources={sources} closedDays={shut} onOpen={(block) => open(block)} />
          </div>
        </section>
      )}

      <ScheduleTimeline entries={preview.list} failed={preview.failed} onRetry={preview.retry} />

      {editor ? (
        <BlockModal
          key={editor.session}
          block={editor.block}
          prefill={editor.prefill}
          closedDays={shut}
          channels={initial.channels}
          playlists={initial.playlists}
          onClose={() => setEditor(null)}
        />
      ) : (
        <WarmUp of={BlockModal}>
          <BlockModal
            block={null}
            closedDays={shut}
            channels={initial.channels}
            playlists={initial.playlists}
            onClose={() => undefined}
          />
        </WarmUp>
      )}
    </>
  );
}
