'use client';

import { useMemo, useState } from 'react';
import type { Sound } from '@/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { MessageIcon, UploadIcon } from '@/components/ui/icons';
import { LazyConfirmDialog, lazyDialog, preloadOnIntent } from '@/components/ui/lazy';
import { Tabs } from '@/components/ui/Tabs';
import { forgetSound, reloadSounds, soundApi, toggleSoundMark, useSounds } from '@/lib/api/sounds';
import { errors } from '@/lib/i18n/hu/errors';
import { form as huForm } from '@/lib/i18n/hu/form';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { markToast, soundsWith, type SoundMark } from '@/lib/mixer/sounds';
import { useSoundPlayback } from '@/lib/mixer/use-play-sound';
import { showToast } from '@/lib/ui/toast';
import { useHighlight } from '@/lib/ui/use-highlight';
import buttons from '../buttons.module.scss';
import { MixerHeader } from '../MixerHeader';
import { QuickSoundGrid } from './QuickSoundGrid';
import { SoundTable } from './SoundTable';
import styles from './SoundboardView.module.scss';

const hu = { errors, form: huForm, mixer: huMixer, sounds: huSounds, toast: huToast };

/** The two forms load on their first opening, not with the page. */
const SoundUploadForm = lazyDialog(() => import('@/components/dialogs').then((d) => d.loadSoundUploadForm()));
const SoundRequestForm = lazyDialog(() => import('@/components/dialogs').then((d) => d.loadSoundRequestForm()));

type Tab = 'favorites' | 'all';

/** A new key per opening, so each form starts empty. */
interface FormState {
  open: boolean;
  key: number;
}
const closed: FormState = { open: false, key: 0 };
const reopen = (form: FormState): FormState => ({ open: true, key: form.key + 1 });

/**
 * 'Hangtár': the quick sounds as a grid of tiles, the favourites and every sound as tables with their
 * toggles, the shop's own uploads and its requests for new sounds.
 */
export function SoundboardView({ initial }: { initial: Sound[] | null }) {
  const { list: items, failed, retry: reload } = useSounds(initial);
  const sounds = useMemo(() => items ?? [], [items]);
  const favorites = useMemo(() => soundsWith(sounds, 'favorite'), [sounds]);
  const quick = useMemo(() => soundsWith(sounds, 'quick'), [sounds]);
  const playback = useSoundPlayback();
  // The favourites open first when there are any (SPEC.md lists that tab first); else every sound.
  const [tab, setTab] = useState<Tab>(() =>
    initial && soundsWith(initial, 'favorite').length > 0 ? 'favorites' : 'all',
  );
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [upload, setUpload] = useState<FormState>(closed);
  const [request, setRequest] = useState<FormState>(closed);
  const [deleting, setDeleting] = useState<Sound | null>(null);
  const [justAdded, flashAdded] = useHighlight<number>();

  const toggle = async (sound: Sound, mark: SoundMark) => {
    const key = `${sound.id}:${mark}`;
    if (pending.has(key)) return;
    setPending((set) => new Set(set).add(key));
    try {
      showToast(markToast(mark, await toggleSoundMark(sound, mark)));
    } catch {
      // A failed toggle silently reloads the list (SPEC.md §8).
      void reloadSounds();
    } finally {
      setPending((set) => {
        const next = new Set(set);
        next.delete(key);
        return next;
      });
    }
  };

  const remove = async (sound: Sound) => {
    try {
      await soundApi.remove(sound.id);
      await forgetSound(sound.id);
      showToast(hu.toast.deleted);
    } catch {
      // A failed delete (a provider's sound: 403) silently reloads the list (SPEC.md §8).
      void reloadSounds();
    }
  };

  const notice = (
    <EmptyState tone="notice" compact title={hu.sounds.loadFailed}>
      <button type="button" className={buttons.secondary} onClick={() => void reload()}>
        {hu.errors.retry}
      </button>
    </EmptyState>
  );

  const table = (list: readonly Sound[], caption: string, empty: { title: string; hint: string }) => (
    <SoundTable
      sounds={list}
      caption={caption}
      playback={playback}
      pending={pending}
      onToggle={(sound, mark) => void toggle(sound, mark)}
      onDelete={setDeleting}
      empty={<EmptyState compact title={empty.title} text={empty.hint} />}
      justAdded={justAdded}
    />
  );

  return (
    <>
      <MixerHeader title={hu.mixer.headings.soundboard}>
        <button
          type="button"
          className={buttons.secondary}
          {...preloadOnIntent(SoundRequestForm)}
          onClick={() => setRequest(reopen)}
        >
          <MessageIcon size={20} />
          {hu.sounds.request}
        </button>
        <button
          type="button"
          className={buttons.primary}
          {...preloadOnIntent(SoundUploadForm)}
          onClick={() => setUpload(reopen)}
        >
          <UploadIcon size={20} />
          {hu.sounds.upload}
        </button>
      </MixerHeader>

      <section className={styles.section} aria-labelledby="quick-sounds-title">
        <h2 id="quick-sounds-title" className={styles.title}>
          {hu.sounds.quickTitle}
        </h2>
        <p className={styles.hint}>{hu.sounds.quickHint}</p>
        {failed ? notice : items === null ? null : <QuickSoundGrid sounds={quick} playback={playback} />}
      </section>

      <section className={styles.section} aria-label={hu.sounds.tabsLabel}>
        {failed ? (
          notice
        ) : items === null ? null : (
          <Tabs
            value={tab}
            onValueChange={setTab}
            label={hu.sounds.tabsLabel}
            tabs={[
              { value: 'favorites', label: hu.sounds.favoritesTab(favorites.length) },
              { value: 'all', label: hu.sounds.allTab(sounds.length) },
            ]}
            listClassName={styles.tabList}
            tabClassName={styles.tab}
            panelClassName={styles.panel}
          >
            {tab === 'favorites'
              ? table(favorites, hu.sounds.favoritesTable, {
                  title: hu.sounds.favoritesEmpty,
                  hint: hu.sounds.favoritesEmptyHint,
                })
              : table(sounds, hu.sounds.allTable, { title: hu.sounds.allEmpty, hint: hu.sounds.allEmptyHint })}
          </Tabs>
        )}
      </section>

      <SoundUploadForm
        key={`upload-${upload.key}`}
        open={upload.open}
        onOpenChange={(open) => setUpload((f) => ({ ...f, open }))}
        onSaved={(sound) => {
          // The new sound is in 'Összes hang' (not yet a favourite): show it there, marked.
          setTab('all');
          if (sound) flashAdded(sound.id);
        }}
      />
      <SoundRequestForm
        key={`request-${request.key}`}
        open={request.open}
        onOpenChange={(open) => setRequest((f) => ({ ...f, open }))}
      />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={hu.sounds.deleteConfirm}
        description={deleting ? hu.sounds.deleteHint(deleting.name) : undefined}
        confirmLabel={hu.sounds.deleteButton}
        cancelLabel={hu.form.cancel}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </>
  );
}
