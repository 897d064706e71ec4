'use client';

import { TextAreaField } from '@/components/ui/TextField';
import { soundApi } from '@/lib/api/sounds';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { MixerForm } from '../MixerForm';

const hu = { sounds: huSounds };

/** The server's limit on a request's text (contracts: SOUND_REQUEST_MAX). */
const DESCRIPTION_MAX = 1000;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Új hang kérése': what sound the shop wants; the request is stored for the provider. */
export function SoundRequestForm({ open, onOpenChange }: Props) {
  const send = async (data: FormData, signal: AbortSignal) => {
    const description = data.get('description');
    await soundApi.request(typeof description === 'string' ? description : '', signal);
  };

  return (
    <MixerForm
      open={open}
      onOpenChange={onOpenChange}
      title={hu.sounds.request}
      description={hu.sounds.requestHint}
      submitLabel={hu.sounds.requestSend}
      busyLabel={hu.sounds.requestSending}
      send={send}
      sentToast={hu.sounds.requestSent}
    >
      <TextAreaField
        name="description"
        label={hu.sounds.requestLabel}
        placeholder={hu.sounds.requestPlaceholder}
        rows={4}
        maxLength={DESCRIPTION_MAX}
      />
    </MixerForm>
  );
}
