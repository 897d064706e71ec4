'use client';

import { useState, type FormEvent } from 'react';
import { PLAYLIST_NAME_MAX } from '@/contracts/names';
import { FieldError } from '@/components/ui/FieldError';
import { FormActions } from '@/components/ui/FormActions';
import { TextField } from '@/components/ui/TextField';
import { firstError } from '@/lib/api/fetcher';
import { form as huForm } from '@/lib/i18n/hu/form';
import { playlists } from '@/lib/i18n/hu/playlists';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import styles from './PlaylistNameForm.module.scss';

const hu = { form: huForm, playlists };

interface Props {
  /** The call behind the form; a thrown BrowserApiError's field errors are shown under the field. */
  onSubmit: (name: string) => Promise<void>;
  initialName?: string;
  label?: string;
  submitLabel: string;
  busyLabel: string;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Side by side (the modal's footer, the inline rename) or stacked. */
  inline?: boolean;
}

/**
 * The inline name form of a new playlist (inside the add-to-playlist modal) and of a rename
 * (SPEC.md §5): the server judges the name, the form shows its first `errors.name` and, while any
 * error stands, 'Hibás kitöltés, kérjük javítsa.'. The stand-alone 'Új lista' dialog is a ModalForm.
 */
export function PlaylistNameForm({
  onSubmit,
  initialName = '',
  label = hu.playlists.nameLabel,
  submitLabel,
  busyLabel,
  onCancel,
  autoFocus = false,
  inline = false,
}: Props) {
  const [name, setName] = useState(initialName);
  const { errors, busy, submit } = useFormSubmit(async () => {
    await onSubmit(name.trim());
    setName(initialName);
  });
  const hasErrors = Object.keys(errors).length > 0;
  // A failure that names no field shows under the name, where the eye is.
  const nameError = firstError(errors, 'name') ?? firstError(errors, '_general') ?? '';

  const send = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className={`${styles.form} ${inline ? styles.inline : ''}`} onSubmit={send} noValidate>
      <PlaylistNameField
        label={label}
        value={name}
        onChange={setName}
        error={nameError}
        autoFocus={autoFocus}
        onEscape={onCancel}
      />
      <FormActions
        busy={busy}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        onCancel={onCancel}
        cancelLabel={hu.form.cancel}
        className={styles.actions}
      />
      {hasErrors && <FieldError id={undefined} message={hu.form.invalid} />}
    </form>
  );
}

/** The playlist's name input, as every playlist form shows it. */
export function PlaylistNameField({
  label = hu.playlists.nameLabel,
  value,
  onChange,
  error,
  autoFocus = false,
  onEscape,
  className,
}: {
  label?: string;
  /** Controlled when given; otherwise the input keeps its own value (a ModalForm reads it on submit). */
  value?: string;
  onChange?: (name: string) => void;
  error?: string;
  autoFocus?: boolean;
  onEscape?: () => void;
  className?: string;
}) {
  return (
    <TextField
      name="name"
      label={label}
      error={error}
      className={className ?? styles.field}
      value={value}
      maxLength={PLAYLIST_NAME_MAX}
      autoComplete="off"
      autoFocus={autoFocus}
      placeholder={hu.playlists.namePlaceholder}
      onChange={onChange && ((event) => onChange(event.target.value))}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onEscape) {
          event.stopPropagation();
          onEscape();
        }
      }}
    />
  );
}
