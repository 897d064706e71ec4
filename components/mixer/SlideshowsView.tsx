'use client';

import { useState } from 'react';
import type { SlideshowListItem } from '@/contracts';
import { forgetSlideshow, slideshowApi, useSlideshowList } from '@/lib/api/slideshows';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { slideshows as huSlideshows } from '@/lib/i18n/hu/slideshows';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { EditIcon, TrashIcon } from '@/components/ui/icons';
import { LazyConfirmDialog, WarmUp, lazyComponent } from '@/components/ui/lazy';
import { DeleteConfirm } from './DeleteConfirm';
import { MixerSection } from './MixerSection';
import type { SlideshowTarget } from './SlideshowModal';

/** The editor (its uploads, its drag-and-drop image list) loads on its first opening. */
const SlideshowModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadSlideshowModal()));

const hu = { mixer: huMixer, slideshows: huSlideshows };

const t = hu.slideshows;

const columns: Column<SlideshowListItem>[] = [
  { key: 'name', header: t.name, cell: (row) => row.name, sortValue: (row) => row.name, primary: true },
  {
    key: 'count',
    header: t.count,
    cell: (row) => row.images_count,
    sortValue: (row) => row.images_count,
    align: 'end',
    width: '10rem',
  },
];

/** /mixer/slideshows: the shop's slideshows, the two-step editor and delete with confirmation. */
export function SlideshowsView({ initial }: { initial: SlideshowListItem[] | null }) {
  const { list, failed, retry } = useSlideshowList(initial);
  // Each opening gets a fresh editor (its own steps, images and uploads).
  const [editor, setEditor] = useState<{ target: SlideshowTarget; session: number } | null>(null);
  const [deleting, setDeleting] = useState<SlideshowListItem | null>(null);
  const open = (target: SlideshowTarget) => setEditor((e) => ({ target, session: (e?.session ?? 0) + 1 }));

  const actions: RowAction<SlideshowListItem>[] = [
    {
      key: 'edit',
      label: (row) => hu.mixer.edit(row.name),
      icon: <EditIcon size={20} />,
      onSelect: (row) => open({ kind: 'edit', id: row.id, name: row.name }),
      opens: SlideshowModal,
    },
    {
      key: 'delete',
      opens: LazyConfirmDialog,
      label: (row) => hu.mixer.delete(row.name),
      icon: <TrashIcon size={20} />,
      onSelect: setDeleting,
      danger: true,
    },
  ];

  const state = list === null ? (failed ? 'failed' : 'loading') : list.length === 0 ? 'empty' : 'ready';

  return (
    <>
      <MixerSection
        title={hu.mixer.headings.slideshows}
        addLabel={t.add}
        onAdd={() => open({ kind: 'new' })}
        adds={SlideshowModal}
        state={state}
        emptyTitle={t.empty}
        emptyHint={t.emptyHint}
        failedText={t.failed}
        onRetry={retry}
      >
        <DataTable
          rows={list ?? []}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t.tableLabel}
          actions={actions}
        />
      </MixerSection>
      {editor ? (
        <SlideshowModal key={editor.session} target={editor.target} onClose={() => setEditor(null)} />
      ) : (
        <WarmUp of={SlideshowModal}>
          <SlideshowModal target={{ kind: 'new' }} onClose={() => undefined} />
        </WarmUp>
      )}
      <DeleteConfirm
        item={deleting}
        texts={{ title: t.deleteConfirm, hint: t.deleteHint, button: t.deleteButton }}
        onClose={() => setDeleting(null)}
        remove={async (row) => {
          await slideshowApi.remove(row.id);
          await forgetSlideshow(row.id);
        }}
        reload={retry}
      />
    </>
  );
}
