'use client';

import type { Sound } from '@/contracts';
import { noteSound, reloadSounds, SOUNDS_KEY } from '@/lib/api/sounds';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { MixerUploadForm } from '../MixerForm';

const hu = { sounds: huSounds };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Új hang feltöltése': a name and one MP3, with the upload's progress; Enter submits. */
export function SoundUploadForm({ open, onOpenChange }: Props) {
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
      sentToast={hu.sounds.toastSaved}
    />
  );
}
