'use client';

import { useState } from 'react';
import type { ScheduledContent, SchedulePreview, Screen, SlideshowListItem, Spot } from '@/contracts';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { LazyConfirmDialog, WarmUp, lazyComponent, preloadOnIntent } from '@/components/ui/lazy';
import { SortSelect } from '@/components/ui/SortSelect';
import { Switch } from '@/components/ui/Switch';
import {
  forgetScheduledContent,
  reloadSchedule,
  showScheduledContentActive,
  scheduledContentApi,
  useScheduledContents,
  useSchedulePreview,
} from '@/lib/api/scheduled-contents';
import { useScreenList } from '@/lib/api/screens';
import { useSlideshowList } from '@/lib/api/slideshows';
import { useSpots } from '@/lib/api/spots';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { errors } from '@/lib/i18n/hu/errors';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import { table } from '@/lib/i18n/hu/table';
import {
  DEFAULT_SCHEDULER_FILTER,
  DEFAULT_SCHEDULER_SORT,
  SCHEDULER_FILTERS,
  SCHEDULER_SORT_KEYS,
  filterScheduled,
  parseSchedulerFilter,
  parseSchedulerSort,
  sortScheduled,
} from '@/lib/mixer/scheduler';
import { useStoredChoice } from '@/lib/ui/sort';
import buttons from '../buttons.module.scss';
import { DeleteConfirm } from '../DeleteConfirm';
import { MixerHeader } from '../MixerHeader';
import { PlayLogLink } from '../play-log/PlayLogLink';
import { ScheduleTimeline } from './ScheduleTimeline';
import styles from './SchedulerView.module.scss';
import { zoneMessages } from '@/contracts/names';

const hu = { errors, mixer: huMixer, scheduler: huScheduler, table };

/** The form (its pickers, dates and times) loads on its first opening. */
const ScheduleModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadScheduleModal()));

const t = hu.scheduler;

const SORT_OPTIONS = SCHEDULER_SORT_KEYS.map((key) => ({ key, label: t.sorts[key] }));
const FILTER_OPTIONS = SCHEDULER_FILTERS.map((key) => ({ key, label: t.filters[key] }));

export interface SchedulerInitial {
  items: ScheduledContent[] | null;
  preview: SchedulePreview | null;
  spots: Spot[] | null;
  slideshows: SlideshowListItem[] | null;
  screens: Screen[] | null;
}

/**
 * 'Ütemezett tartalmak' (SPEC.md §2): the shop's scheduled spots and slideshows with their state,
 * next play and dates, the filter and the eight sorts (remembered like the other pages' sorts), the
 * form, and what the next 24 hours hold.
 */
export function SchedulerView({ initial }: { initial: SchedulerInitial }) {
  const { list, failed, retry } = useScheduledContents(initial.items);
  const preview = useSchedulePreview(initial.preview);
  const { list: spots } = useSpots(initial.spots);
  const { list: slideshows } = useSlideshowList(initial.slideshows);
  const { list: screens } = useScreenList(initial.screens);
  const [sort, setSort] = useStoredChoice('schedulerIndex', parseSchedulerSort, DEFAULT_SCHEDULER_SORT);
  const [filter, setFilter] = useStoredChoice('schedulerFilter', parseSchedulerFilter, DEFAULT_SCHEDULER_FILTER);
  const [editor, setEditor] = useState<{ item: ScheduledContent | null; session: number } | null>(null);
  const [deleting, setDeleting] = useState<ScheduledContent | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());
  const open = (item: ScheduledContent | null) => setEditor((e) => ({ item, session: (e?.session ?? 0) + 1 }));

  // SPEC.md §4: the state flips on the server, then the list (and the timeline) reload; a failed
  // call reloads them silently too (§8). The switch shows the new state at once, in the press's frame.
  const toggle = async (item: ScheduledContent) => {
    setToggling((s) => new Set(s).add(item.id));
    void showScheduledContentActive(item.id, !item.active);
    try {
      await scheduledContentApi.toggle(item.id);
    } catch {
      /* the reload below shows the server's state */
    }
    await reloadSchedule();
    setToggling((s) => {
      const next = new Set(s);
      next.delete(item.id);
      return next;
    });
  };

  const columns: Column<ScheduledContent>[] = [
    {
      key: 'status',
      header: t.status,
      cell: (row) => (
        <Switch
          checked={row.active}
          label={t.activeSwitch(row.name)}
          busy={toggling.has(row.id)}
          stateText={{ on: t.on, off: t.off }}
          onChange={() => void toggle(row)}
        />
      ),
      width: '7.5rem',
    },
    {
      key: 'name',
      header: t.name,
      // Zones (issue 43): every zone it named was deleted, so it was switched off; it says so.
      cell: (row) =>
        row.no_zone_left ? (
          <>
            {row.name}
            <span className={styles.note}>{zoneMessages.noZoneLeft}</span>
          </>
        ) : (
          row.name
        ),
      primary: true,
    },
    {
      key: 'next',
      header: t.nextPlay,
      cell: (row) => <span className={styles.nowrap}>{formatDateTime(row.next_play_at)}</span>,
      width: '11rem',
    },
    { key: 'from', header: t.dateFrom, cell: (row) => formatDate(row.date_from), width: '10rem' },
    { key: 'to', header: t.dateTo, cell: (row) => formatDate(row.date_to), width: '10rem' },
  ];

  const actions: RowAction<ScheduledContent>[] = [
    {
      key: 'edit',
      label: (row) => hu.table.editRow(row.name),
      icon: <EditIcon size={20} />,
      onSelect: open,
      opens: ScheduleModal,
    },
    {
      key: 'delete',
      opens: LazyConfirmDialog,
      label: (row) => hu.table.deleteRow(row.name),
      icon: <TrashIcon size={20} />,
      onSelect: setDeleting,
      danger: true,
    },
  ];

  const addButton = (
    <button type="button" className={buttons.primary} {...preloadOnIntent(ScheduleModal)} onClick={() => open(null)}>
      <PlusIcon />
      {t.add}
    </button>
  );
  const rows = list ? sortScheduled(filterScheduled(list, filter), sort) : [];

  return (
    <>
      <MixerHeader title={hu.mixer.headings.scheduler}>
        <PlayLogLink />
        {addButton}
      </MixerHeader>

      {failed && list === null ? (
        <EmptyState tone="notice" title={t.loadFailed}>
          <button type="button" className={buttons.secondary} onClick={retry}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      ) : list === null ? null : list.length === 0 ? (
        <EmptyState title={t.empty} text={t.emptyHint}>
          {addButton}
        </EmptyState>
      ) : (
        <>
          <div className={styles.toolbar}>
            <SortSelect label={t.filterLabel} value={filter} onChange={setFilter} options={FILTER_OPTIONS} />
            <SortSelect value={sort} onChange={setSort} options={SORT_OPTIONS} />
          </div>
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            caption={t.tableLabel}
            actions={actions}
            rowClassName={(row) => (row.active ? undefined : styles.inactive)}
            empty={<EmptyState compact title={t.filteredEmpty} />}
          />
        </>
      )}

      <ScheduleTimeline entries={preview.list} failed={preview.failed} onRetry={preview.retry} />

      {editor ? (
        <ScheduleModal
          key={editor.session}
          item={editor.item}
          spots={spots}
          slideshows={slideshows}
          screens={screens}
          onClose={() => setEditor(null)}
        />
      ) : (
        <WarmUp of={ScheduleModal}>
          <ScheduleModal
            item={null}
            spots={spots}
            slideshows={slideshows}
            screens={screens}
            onClose={() => undefined}
          />
        </WarmUp>
      )}
      <DeleteConfirm
        item={deleting}
        texts={{ title: t.deleteConfirm, hint: t.deleteHint, button: t.deleteButton }}
        onClose={() => setDeleting(null)}
        remove={async (row) => {
          await scheduledContentApi.remove(row.id);
          await forgetScheduledContent(row.id);
        }}
        reload={() => void reloadSchedule()}
      />
    </>
  );
}
