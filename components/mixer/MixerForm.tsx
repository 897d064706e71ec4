'use client';

import { useState, type ReactNode } from 'react';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextField } from '@/components/ui/TextField';
import { UploadField } from '@/components/ui/UploadField';
import { MIXER_NAME_MAX } from '@/contracts/names';
import { useUpload } from '@/lib/api/use-upload';
import { form } from '@/lib/i18n/hu/form';
import { upload as huUpload } from '@/lib/i18n/hu/upload';
import { isSavedItem } from '@/lib/mixer/list-edits';
import { showToast } from '@/lib/ui/toast';

const hu = { form, upload: huUpload };

interface MixerFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** 'Mentés' / 'Mentés…' unless the form says otherwise. */
  submitLabel?: string;
  busyLabel?: string;
  /** Sends the form; a thrown refusal's errors show under the fields (ModalForm). */
  send: (data: FormData, signal: AbortSignal) => Promise<void>;
  /** The toast after a success. */
  sentToast: string;
  children: ReactNode;
}

/** A mixer dialog's form: save or send, cancel, the fields' 422 errors, a toast once it went through. */
export function MixerForm({
  send,
  sentToast,
  submitLabel = hu.form.save,
  busyLabel = hu.form.saving,
  ...dialog
}: MixerFormProps) {
  return (
    <ModalForm
      {...dialog}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      cancelLabel={hu.form.cancel}
      onSubmit={async (data, signal) => {
        await send(data, signal);
        showToast(sentToast);
      }}
    />
  );
}

interface UploadFormProps<T> extends Omit<MixerFormProps, 'send' | 'submitLabel' | 'busyLabel' | 'children'> {
  nameLabel: string;
  namePlaceholder: string;
  /** The edited item's name; empty for a new upload. */
  defaultName?: string;
  /** Where the form is posted. */
  path: string;
  /** Fields beside the name and the file (the edited item's id). */
  extraFields?: (data: FormData) => void;
  /** Puts the saved item into the cached list; a bare `true` from an older API reloads the list instead. */
  note: (saved: T) => Promise<unknown>;
  reload: () => Promise<unknown>;
  /** After the upload: the item saved, or null when the API answered without it (the list reloads). */
  onSaved?: (saved: T | null) => void;
  /** The picker's button ('Fájl csere' while editing). */
  buttonLabel?: string;
  /** Under the picker: the current file's preview. */
  children?: ReactNode;
}

/**
 * A mixer upload (a sound, a spot): a name and one MP3 picked or dropped, posted with its real
 * progress; without a new file an edit keeps the old one. Enter submits.
 */
export function MixerUploadForm<T>({
  nameLabel,
  namePlaceholder,
  defaultName,
  path,
  extraFields,
  note,
  reload,
  onSaved,
  buttonLabel,
  children,
  ...form
}: UploadFormProps<T>) {
  const [files, setFiles] = useState<File[]>([]);
  const { progress, upload } = useUpload();

  const send = async (data: FormData, signal: AbortSignal) => {
    const file = files[0];
    if (file) data.set('file', file);
    extraFields?.(data);
    const saved = await upload<unknown>(path, data, signal);
    if (isSavedItem(saved)) await note(saved as T);
    else void reload();
    onSaved?.(isSavedItem(saved) ? (saved as T) : null);
  };

  return (
    <MixerForm {...form} send={send}>
      <TextField
        name="name"
        label={nameLabel}
        placeholder={namePlaceholder}
        defaultValue={defaultName}
        autoComplete="off"
        maxLength={MIXER_NAME_MAX}
      />
      <UploadField
        label={hu.upload.audioLabel}
        kind="audio"
        files={files}
        onFilesChange={setFiles}
        progress={progress}
        buttonLabel={buttonLabel}
      >
        {children}
      </UploadField>
    </MixerForm>
  );
}
