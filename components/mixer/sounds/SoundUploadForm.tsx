'use client';

import { useState } from 'react';
import type { Sound } from '@/contracts';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextField } from '@/components/ui/TextField';
import { UploadField } from '@/components/ui/UploadField';
import { noteSound, reloadSounds, SOUNDS_KEY } from '@/lib/api/sounds';
import { useUpload } from '@/lib/api/use-upload';
import { MIXER_NAME_MAX } from '@/contracts/names';
import { form } from '@/lib/i18n/hu/form';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { upload as huUpload } from '@/lib/i18n/hu/upload';
import { isSavedItem } from '@/lib/mixer/list-edits';
import { showToast } from '@/lib/ui/toast';

const hu = { form, sounds: huSounds, upload: huUpload };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the upload: the sound saved, or null when the API answered without it (the list reloads). */
  onSaved?: (sound: Sound | null) => void;
}

/** 'Új hang feltöltése': a name and one MP3, with the upload's progress; Enter submits. */
export function SoundUploadForm({ open, onOpenChange, onSaved }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const { progress, upload } = useUpload();

  const save = async (data: FormData, signal: AbortSignal) => {
    const file = files[0];
    if (file) data.set('file', file);
    const saved = await upload<unknown>(SOUNDS_KEY, data, signal);
    if (isSavedItem(saved)) await noteSound(saved as Sound);
    else void reloadSounds();
    showToast(hu.sounds.toastSaved);
    onSaved?.(isSavedItem(saved) ? (saved as Sound) : null);
  };

  return (
    <ModalForm
      open={open}
      onOpenChange={onOpenChange}
      title={hu.sounds.upload}
      description={hu.sounds.uploadHint}
      submitLabel={hu.form.save}
      busyLabel={hu.form.saving}
      cancelLabel={hu.form.cancel}
      onSubmit={save}
    >
      <TextField
        name="name"
        label={hu.sounds.nameLabel}
        placeholder={hu.sounds.namePlaceholder}
        autoComplete="off"
        maxLength={MIXER_NAME_MAX}
      />
      <UploadField
        label={hu.upload.audioLabel}
        kind="audio"
        files={files}
        onFilesChange={setFiles}
        progress={progress}
      />
    </ModalForm>
  );
}
