'use client';

import { useStore } from 'jotai';
import { useState } from 'react';
import type { Screen, SlideshowListItem } from '@/contracts';
import { forgetScreen, screenApi, screenPagePath, useScreenList } from '@/lib/api/screens';
import { useSlideshowList } from '@/lib/api/slideshows';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { screens as huScreens } from '@/lib/i18n/hu/screens';
import { showToast } from '@/lib/ui/toast';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { CopyIcon, EditIcon, TrashIcon } from '@/components/ui/icons';
import { LazyConfirmDialog, WarmUp, lazyComponent } from '@/components/ui/lazy';
import { DeleteConfirm } from './DeleteConfirm';
import { MixerSection } from './MixerSection';
import styles from './ScreensView.module.scss';

const hu = { mixer: huMixer, screens: huScreens };

/** The editor loads on its first opening. */
const ScreenModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadScreenModal()));

const t = hu.screens;

interface Props {
  initial: Screen[] | null;
  /** For the picker and the table's slideshow names; null when that list could not be read. */
  slideshows: SlideshowListItem[] | null;
  /** This web app's origin, for the public links. */
  origin: string;
}

async function copy(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a shop's LAN has no Clipboard API: the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** /mixer/screens: the shop's in-store screens with their public links, the form and delete. */
export function ScreensView({ initial, slideshows: initialSlideshows, origin }: Props) {
  const { list, failed, retry } = useScreenList(initial);
  const { list: slideshows } = useSlideshowList(initialSlideshows);
  const store = useStore();
  const [editor, setEditor] = useState<{ screen: Screen | null; session: number } | null>(null);
  const [deleting, setDeleting] = useState<Screen | null>(null);
  const open = (screen: Screen | null) => setEditor((e) => ({ screen, session: (e?.session ?? 0) + 1 }));
  const linkOf = (screen: Screen) => `${origin}${screenPagePath(screen.hash_id)}`;
  const slideshowName = (screen: Screen) =>
    screen.slideshow_id === null
      ? null
      : (slideshows?.find((s) => s.id === screen.slideshow_id)?.name ?? screen.slideshow?.name ?? null);

  const columns: Column<Screen>[] = [
    { key: 'name', header: t.name, cell: (row) => row.name, sortValue: (row) => row.name, primary: true, width: '22%' },
    {
      key: 'hash',
      header: t.hashId,
      cell: (row) => <code className={styles.hash}>{row.hash_id}</code>,
      sortValue: (row) => row.hash_id,
      width: '13rem',
    },
    {
      key: 'link',
      header: t.link,
      cell: (row) => (
        <span className={styles.link}>
          {/* The label is the link as shown: some readers would hear the line-break hint as a space. */}
          <a
            href={screenPagePath(row.hash_id)}
            target="_blank"
            rel="noopener"
            className={styles.url}
            aria-label={linkOf(row)}
          >
            {/* A narrow column breaks the link after the host rather than inside a word. */}
            {origin}
            <wbr />
            {screenPagePath(row.hash_id)}
          </a>
          <button
            type="button"
            className={styles.copy}
            aria-label={t.copy(row.name)}
            title={t.copy(row.name)}
            onClick={() =>
              void copy(linkOf(row)).then(
                () => showToast(t.copied, store),
                () => showToast(t.copyFailed, store),
              )
            }
          >
            <CopyIcon size={18} />
          </button>
        </span>
      ),
    },
    {
      key: 'slideshow',
      header: t.slideshow,
      cell: (row) => slideshowName(row) ?? t.none,
      sortValue: (row) => slideshowName(row),
      width: '16%',
    },
  ];

  const actions: RowAction<Screen>[] = [
    {
      key: 'edit',
      label: (row) => hu.mixer.edit(row.name),
      icon: <EditIcon size={20} />,
      onSelect: (row) => open(row),
      opens: ScreenModal,
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
        title={hu.mixer.headings.screens}
        addLabel={t.add}
        onAdd={() => open(null)}
        adds={ScreenModal}
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
        <ScreenModal
          key={editor.session}
          screen={editor.screen}
          slideshows={slideshows}
          onClose={() => setEditor(null)}
        />
      ) : (
        <WarmUp of={ScreenModal}>
          <ScreenModal screen={null} slideshows={slideshows} onClose={() => undefined} />
        </WarmUp>
      )}
      <DeleteConfirm
        item={deleting}
        texts={{ title: t.deleteConfirm, hint: t.deleteHint, button: t.deleteButton }}
        onClose={() => setDeleting(null)}
        remove={async (row) => {
          await screenApi.remove(row.id);
          await forgetScreen(row.id);
        }}
        reload={retry}
      />
    </>
  );
}
