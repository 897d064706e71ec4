'use client';

import type { Sound } from '@/contracts';
import { noteSound, reloadSounds, SOUNDS_KEY } from '@/lib/api/sounds';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { MixerUploadForm } from '../MixerForm';

const hu = { sounds: huSounds };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the upload: the sound saved, or null when the API answered without it (the list reloads). */
  onSaved?: (sound: Sound | null) => void;
}

/** 'Új hang feltöltése': a name and one MP3, with the upload's progress; Enter submits. */
export function SoundUploadForm({ open, onOpenChange, onSaved }: Props) {
  return (
    <MixerUploadForm<Sound>
      open={open}
      onOpenChange={onOpenChange}
      title={hu.sounds.upload}
      description={hu.sounds.uploadHint}
      nameLabel={hu.sounds.nameLabel}
      namePlaceholder={hu.sounds.namePlaceholder}
      path={SOUNDS_KEY}
      note={noteSound}
      reload={reloadSounds}
      onSaved={onSaved}
      sentToast={hu.sounds.toastSaved}
    />
  );
}
