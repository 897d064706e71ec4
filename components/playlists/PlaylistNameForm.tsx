'use client';

import { useId, useState, type FormEvent } from 'react';
import { PLAYLIST_NAME_MAX } from '@/contracts/names';
import { FieldError } from '@/components/ui/FieldError';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { hu } from '@/lib/i18n/hu';
import styles from './PlaylistNameForm.module.scss';

interface Props {
  /** The call behind the form; a thrown ApiError's field errors are shown under the field. */
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
 * The name form of a new playlist and of a rename (SPEC.md §5): the server judges the name, the form
 * shows its first `errors.name` and, while any error stands, 'Hibás kitöltés, kérjük javítsa.'.
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
  const id = useId();
  const [name, setName] = useState(initialName);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const nameError = firstError(errors, 'name');
  const otherError = nameError ? undefined : firstError(errors, '_general');
  const hasErrors = Object.keys(errors).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(name.trim());
      setErrors({});
      setName(initialName);
    } catch (error) {
      setErrors(errorsFrom(error, hu.auth.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${styles.form} ${inline ? styles.inline : ''}`} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          {label}
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={name}
          maxLength={PLAYLIST_NAME_MAX}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={hu.playlists.namePlaceholder}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <FieldError id={`${id}-error`} message={nameError ?? otherError} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
            {hu.playlists.cancel}
          </button>
        )}
      </div>
      {hasErrors && <FieldError id={`${id}-invalid`} message={hu.form.invalid} />}
    </form>
  );
}
