'use client';

import { useState } from 'react';
import type { Spot } from '@/contracts';
import { PlayIcon } from '@/components/ui/icons';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextField } from '@/components/ui/TextField';
import { UploadField } from '@/components/ui/UploadField';
import { noteSpot, reloadSpots, SPOTS_KEY, spotPath } from '@/lib/api/spots';
import { useUpload } from '@/lib/api/use-upload';
import { MIXER_NAME_MAX } from '@/contracts/names';
import { form } from '@/lib/i18n/hu/form';
import { spots as huSpots } from '@/lib/i18n/hu/spots';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { upload as huUpload } from '@/lib/i18n/hu/upload';
import { isSavedItem } from '@/lib/mixer/list-edits';
import type { SpotPlayback } from '@/lib/mixer/use-play-spot';
import { showToast } from '@/lib/ui/toast';
import buttons from '../buttons.module.scss';
import styles from './SpotForm.module.scss';

const hu = { form, spots: huSpots, toast: huToast, upload: huUpload };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spot being edited, or null for a new upload. */
  spot: Spot | null;
  /** 'Azonnali lejátszás' for the spot being edited (offered only by the bundled API). */
  playNow?: SpotPlayback;
}

/**
 * Upload a new spot (name and MP3) or edit one: in edit mode the current file plays in a preview and
 * the picker says 'Fájl csere'; without a new file the server keeps the old one. Enter submits, the
 * upload shows its real progress, each field its first server error.
 */
export function SpotForm({ open, onOpenChange, spot, playNow }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const { progress, upload } = useUpload();

  const save = async (data: FormData, signal: AbortSignal) => {
    const file = files[0];
    if (file) data.set('file', file);
    if (spot) data.set('id', String(spot.id));
    const saved = await upload<unknown>(spot ? spotPath(spot.id) : SPOTS_KEY, data, signal);
    if (isSavedItem(saved)) await noteSpot(saved as Spot);
    else void reloadSpots();
    showToast(hu.toast.saved);
  };

  return (
    <ModalForm
      open={open}
      onOpenChange={onOpenChange}
      title={spot ? hu.spots.editTitle : hu.spots.upload}
      description={hu.spots.formHint}
      submitLabel={hu.form.save}
      busyLabel={hu.form.saving}
      cancelLabel={hu.form.cancel}
      onSubmit={save}
    >
      <TextField
        name="name"
        label={hu.spots.name}
        placeholder={hu.spots.namePlaceholder}
        defaultValue={spot?.name ?? ''}
        autoComplete="off"
        maxLength={MIXER_NAME_MAX}
      />
      <UploadField
        label={hu.upload.audioLabel}
        kind="audio"
        files={files}
        onFilesChange={setFiles}
        progress={progress}
        buttonLabel={spot ? hu.upload.replace : undefined}
      >
        {spot && spot.url ? (
          <div className={styles.current}>
            <p className={styles.currentName}>{hu.spots.currentFile(spot.file_name || spot.name)}</p>
            <audio
              className={styles.preview}
              controls
              preload="metadata"
              src={spot.url}
              aria-label={hu.spots.preview(spot.name)}
              data-spot-preview=""
            />
            {playNow?.available ? (
              <button
                type="button"
                className={`${buttons.secondary} ${styles.playNow}`}
                disabled={playNow.sendingId === spot.id}
                onClick={() => void playNow.play(spot.id)}
              >
                <PlayIcon size={20} />
                {hu.spots.playNow}
              </button>
            ) : null}
          </div>
        ) : null}
      </UploadField>
    </ModalForm>
  );
}
