'use client';

import { useState } from 'react';
import type { Spot } from '@/contracts';
import { SPOT_SECONDS_MAX } from '@/contracts/uploads';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { EditIcon, PlayIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { LazyConfirmDialog, lazyDialog, preloadOnIntent } from '@/components/ui/lazy';
import { forgetSpot, reloadSpots, spotApi, useSpots } from '@/lib/api/spots';
import { formatClock } from '@/lib/format/duration';
import { errors } from '@/lib/i18n/hu/errors';
import { form as huForm } from '@/lib/i18n/hu/form';
import { mixer } from '@/lib/i18n/hu/mixer';
import { usePlaySpotNow } from '@/lib/mixer/use-play-spot';
import { spots as huSpots } from '@/lib/i18n/hu/spots';
import { table } from '@/lib/i18n/hu/table';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { showToast } from '@/lib/ui/toast';
import buttons from '../buttons.module.scss';
import { MixerHeader } from '../MixerHeader';
import { PlayLogLink } from '../play-log/PlayLogLink';
import { TooLongMark } from '../TooLongMark';

/** The upload form (ModalForm, the upload field) loads on its first opening. */
const SpotForm = lazyDialog(() => import('@/components/dialogs').then((d) => d.loadSpotForm()));

const hu = { errors, form: huForm, mixer, spots: huSpots, table, toast: huToast };

const COLUMNS: readonly Column<Spot>[] = [
  {
    key: 'name',
    header: hu.spots.name,
    cell: (spot) => (
      <>
        {spot.name}
        <TooLongMark seconds={spot.duration} maxSeconds={SPOT_SECONDS_MAX} />
      </>
    ),
    sortValue: (spot) => spot.name,
    primary: true,
  },
  {
    key: 'file',
    header: hu.spots.fileColumn,
    cell: (spot) => spot.file_name,
    sortValue: (spot) => spot.file_name,
    width: '40%',
  },
  {
    key: 'length',
    header: hu.spots.lengthColumn,
    cell: (spot) => formatClock(spot.duration),
    sortValue: (spot) => spot.duration,
    align: 'end',
    width: '6rem',
  },
];

interface FormState {
  open: boolean;
  spot: Spot | null;
  /** A new key per opening, so each form starts without the last one's file. */
  key: number;
}

/** 'Reklám szpotok': the shop's ad spots, uploaded, edited and deleted here. */
export function SpotsView({ initial }: { initial: Spot[] | null }) {
  const { list: items, failed, retry: reload } = useSpots(initial);
  const [form, setForm] = useState<FormState>({ open: false, spot: null, key: 0 });
  const [deleting, setDeleting] = useState<Spot | null>(null);
  const playNow = usePlaySpotNow();

  const openForm = (spot: Spot | null) => setForm((f) => ({ open: true, spot, key: f.key + 1 }));

  const actions: readonly RowAction<Spot>[] = [
    {
      key: 'play-now',
      label: (spot) => hu.spots.playNowRow(spot.name),
      icon: <PlayIcon size={20} />,
      onSelect: (spot) => void playNow.play(spot.id),
      hidden: () => !playNow.available,
      disabled: (spot) => playNow.sendingId === spot.id,
    },
    {
      key: 'edit',
      label: (spot) => hu.table.editRow(spot.name),
      icon: <EditIcon size={20} />,
      onSelect: openForm,
      opens: SpotForm,
    },
    {
      key: 'delete',
      opens: LazyConfirmDialog,
      label: (spot) => hu.table.deleteRow(spot.name),
      icon: <TrashIcon size={20} />,
      onSelect: setDeleting,
      danger: true,
    },
  ];

  const remove = async (spot: Spot) => {
    try {
      await spotApi.remove(spot.id);
      await forgetSpot(spot.id);
      showToast(hu.toast.deleted);
    } catch {
      // A failed delete silently reloads the list (SPEC.md §8).
      void reloadSpots();
    }
  };

  const newButton = (
    <button type="button" className={buttons.primary} {...preloadOnIntent(SpotForm)} onClick={() => openForm(null)}>
      <PlusIcon />
      {hu.spots.upload}
    </button>
  );

  return (
    <>
      <MixerHeader title={hu.mixer.headings.spots}>
        <PlayLogLink />
        {newButton}
      </MixerHeader>

      {failed ? (
        <EmptyState tone="notice" title={hu.spots.loadFailed}>
          <button type="button" className={buttons.secondary} onClick={() => void reload()}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      ) : items === null ? null : (
        <DataTable
          rows={items}
          columns={COLUMNS}
          rowKey={(spot) => spot.id}
          caption={hu.spots.tableLabel}
          actions={actions}
          empty={<EmptyState title={hu.spots.empty} text={hu.spots.emptyHint} />}
        />
      )}

      <SpotForm
        key={form.key}
        open={form.open}
        spot={form.spot}
        playNow={playNow}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={hu.spots.deleteConfirm}
        description={deleting ? hu.spots.deleteHint(deleting.name) : undefined}
        confirmLabel={hu.spots.deleteButton}
        cancelLabel={hu.form.cancel}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </>
  );
}
