'use client';

import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import type { Slideshow, SlideshowImage } from '@/contracts';
import { BrowserApiError, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { moveItem } from '@/lib/api/playlist-order';
import { noteSlideshow, slideshowApi, slideshowImagePath, SLIDESHOWS_KEY } from '@/lib/api/slideshows';
import { useUpload } from '@/lib/api/use-upload';
import { form } from '@/lib/i18n/hu/form';
import { mixer } from '@/lib/i18n/hu/mixer';
import { slideshows } from '@/lib/i18n/hu/slideshows';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { whenIdle } from '@/lib/realtime/wake';
import { showToast } from '@/lib/ui/toast';
import { FormAlert } from '@/components/ui/FormAlert';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextField } from '@/components/ui/TextField';
import { UploadField } from '@/components/ui/UploadField';
import { lazyComponent } from '@/components/ui/lazy';
import type { EditableImage } from './SlideshowImageList';
import styles from './SlideshowModal.module.scss';

/**
 * The image list's drag and drop (@hello-pangea/dnd, about 25 kB gzip) is fetched once the dialog
 * has opened (its first idle moment), not with the dialog's code, which /mixer/slideshows preloads in
 * its first seconds: the list shows only once the slideshow has a name and its images have come from
 * the server. Not in the opening itself: its evaluation (about 35 ms at 4× CPU) held the first
 * opening's paint.
 */
const SlideshowImageList = lazyComponent(() => import('./SlideshowImageList').then((m) => m.SlideshowImageList), {
  idle: false,
});

const hu = { form, mixer, slideshows, toast: huToast };

/** The image list's code is asked for at the opened dialog's first idle moment, at the latest this late. */
const LIST_PRELOAD_LIMIT_MS = 1_000;

const t = hu.slideshows;

export type SlideshowTarget = { kind: 'new' } | { kind: 'edit'; id: number; name: string };

function editable(image: SlideshowImage): EditableImage {
  return { id: image.id, name: image.name, url: image.url, seconds: String(image.seconds) };
}

/** The server's first word on a refused file, else its message, else the general failure. */
function uploadMessage(error: unknown): string {
  if (error instanceof BrowserApiError) return firstError(error.errors, 'file') ?? error.message;
  return hu.form.failed;
}

/**
 * The slideshow editor in two steps (SPEC.md §4): a new slideshow gets its name first ('Tovább'
 * creates it and the server answers its id); then, as when editing one, images are uploaded one a
 * call as they are picked, ordered by drag or keyboard, given their seconds, removed, and saved with
 * the name and `images: [{id, seconds}]` in their order.
 */
export function SlideshowModal({ target, onClose }: { target: SlideshowTarget; onClose: () => void }) {
  const store = useStore();
  const [slideshow, setSlideshow] = useState<{ id: number } | null>(target.kind === 'edit' ? { id: target.id } : null);
  const [name, setName] = useState(target.kind === 'edit' ? target.name : '');
  const [images, setImages] = useState<EditableImage[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [picked, setPicked] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const [listError, setListError] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState<number | null>(null);
  const { progress, turn, uploadEach } = useUpload();
  const uploads = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const step = slideshow === null ? 'name' : 'images';

  useEffect(() => () => uploads.current?.abort(), []);
  useEffect(() => whenIdle(() => SlideshowImageList.preload(), LIST_PRELOAD_LIMIT_MS), []);

  useEffect(() => {
    if (target.kind !== 'edit') return;
    const controller = new AbortController();
    slideshowApi
      .get(target.id, controller.signal)
      .then((loaded) => {
        setName(loaded.name);
        setImages(loaded.images.map(editable));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, [target]);

  const close = () => {
    uploads.current?.abort();
    // Uploads and removals are kept by the server at once: the table's count follows them.
    if (slideshow) void mutate(SLIDESHOWS_KEY);
    onClose();
  };

  const upload = (files: File[]) => {
    if (!slideshow || files.length === 0) return;
    setPicked(files);
    setUploadError(undefined);
    const controller = new AbortController();
    uploads.current = controller;
    let reported = false;
    void uploadEach<SlideshowImage>(files, slideshowImagePath(slideshow.id), {
      signal: controller.signal,
      onOutcome: (outcome) => {
        if (outcome.ok) {
          const added = editable(outcome.value);
          setImages((list) => [...(list ?? []), added]);
        } else if (!reported) {
          reported = true;
          setUploadError(t.uploadFailed(outcome.file.name, uploadMessage(outcome.error)));
        }
      },
    })
      .catch(() => undefined)
      .finally(() => {
        if (uploads.current === controller) uploads.current = null;
        setPicked([]);
      });
  };

  const remove = async (image: EditableImage) => {
    if (!slideshow) return;
    setRemoving(image.id);
    setListError(undefined);
    try {
      await slideshowApi.removeImage(slideshow.id, image.id);
      setImages((list) => (list ?? []).filter((i) => i.id !== image.id));
      showToast(hu.toast.deleted, store);
    } catch {
      setListError(t.removeFailed);
    } finally {
      setRemoving(null);
    }
  };

  const submit = async (data: FormData, signal: AbortSignal) => {
    if (!slideshow) {
      const created: Slideshow = await slideshowApi.create(String(data.get('name') ?? ''), signal);
      setSlideshow({ id: created.id });
      setName(created.name);
      setImages(created.images.map(editable));
      void noteSlideshow(created);
      return;
    }
    const errors: FieldErrors = {};
    const order = (images ?? []).map((image, index) => {
      const seconds = Number(image.seconds.trim());
      if (!Number.isInteger(seconds) || seconds < 1) errors[`images.${index}.seconds`] = [t.secondsMin];
      return { id: image.id, seconds };
    });
    if (Object.keys(errors).length > 0) throw new BrowserApiError(422, t.secondsMin, errors);
    const saved = await slideshowApi.save(slideshow.id, name, order, signal);
    await noteSlideshow(saved);
    showToast(hu.toast.saved, store);
  };

  const title = step === 'name' ? t.createTitle : target.kind === 'edit' ? t.editTitle : t.imagesTitle(name);

  return (
    <ModalForm
      open
      onOpenChange={(next) => !next && close()}
      title={title}
      description={step === 'name' ? t.createHint : t.imagesHint}
      onSubmit={submit}
      submitLabel={step === 'name' ? t.next : hu.form.save}
      busyLabel={step === 'name' ? t.nextBusy : hu.form.saving}
      cancelLabel={hu.form.cancel}
      closeOnSuccess={step === 'images'}
      submitDisabled={step === 'images' && (images === null || uploading || removing !== null)}
      className={step === 'images' ? styles.wide : undefined}
    >
      {step === 'name' ? (
        <TextField
          key="create"
          name="name"
          label={hu.mixer.nameLabel}
          placeholder={t.namePlaceholder}
          autoComplete="off"
          autoFocus
        />
      ) : (
        <>
          <TextField
            key="edit"
            name="name"
            label={hu.mixer.nameLabel}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
          <UploadField
            label={t.imagesLabel}
            kind="image"
            files={picked}
            onFilesChange={upload}
            progress={progress}
            turn={turn}
            error={uploadError}
            disabled={images === null}
            noneText={images && images.length > 0 ? t.uploaded(images.length) : undefined}
          />
          <FormAlert>{listError}</FormAlert>
          {images === null ? (
            <p className={styles.note} role={loadFailed ? 'alert' : 'status'}>
              {loadFailed ? t.loadFailed : t.loading}
            </p>
          ) : images.length === 0 ? (
            <p className={styles.note}>{t.noImages}</p>
          ) : (
            <SlideshowImageList
              images={images}
              removing={removing}
              onMove={(from, to) => setImages((list) => moveItem(list ?? [], from, to))}
              onSeconds={(id, seconds) =>
                setImages((list) => (list ?? []).map((image) => (image.id === id ? { ...image, seconds } : image)))
              }
              onRemove={(image) => void remove(image)}
            />
          )}
        </>
      )}
    </ModalForm>
  );
}
