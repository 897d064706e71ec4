'use client';

import { useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { firstError } from '@/lib/api/fetcher';
import { form as huForm } from '@/lib/i18n/hu/form';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import { DialogFrame } from './DialogFrame';
import { FieldError } from './FieldError';
import { FormActions } from './FormActions';
import { FormAlert } from './FormAlert';
import { FormErrors } from './form-errors';
import styles from './ModalForm.module.scss';

const hu = { form: huForm };

export interface ModalFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /**
   * The call behind the form, with the form's fields as FormData (so fields may stay uncontrolled).
   * A thrown BrowserApiError's `errors` show under the fields (first message each); any other failure shows
   * as a general alert. The signal aborts when the user cancels or closes the dialog.
   */
  onSubmit: (data: FormData, signal: AbortSignal) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  /** Shows a cancel button beside the submit (closing also works by Escape and the close button). */
  cancelLabel?: string;
  /** Shows 'Hibás kitöltés, kérjük javítsa.' while any error stands (SPEC.md §5). */
  invalidAlert?: boolean;
  /** Closes the dialog after a successful submit (default); false keeps it open (a step form). */
  closeOnSuccess?: boolean;
  /** Disables the submit, and Enter, while the form cannot be sent (e.g. a required file is missing). */
  submitDisabled?: boolean;
  /** Fields: `TextField`, `UploadField`… named as the server names them, so each shows its error. */
  children: ReactNode;
  className?: string;
}

/** Enter in a one-line field submits; elsewhere (a textarea, a button, a file picker) it keeps its own meaning. */
function submitsOnEnter(event: KeyboardEvent<HTMLFormElement>): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return false;
  const target = event.target;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'submit', 'reset', 'file', 'checkbox', 'radio'].includes(target.type);
}

/**
 * The one modal form: a `DialogFrame` around a form whose fields show their server errors, with
 * Enter-to-submit, a submitting state (button disabled with its busy label, `aria-busy`), and a
 * signal that aborts the call in flight when the user cancels.
 */
export function ModalForm({ open, onOpenChange, title, description, className, ...form }: ModalFormProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description} className={className}>
      {/* Inside the dialog's content: closing unmounts it, so a reopened form starts clean. */}
      <ModalFormBody {...form} onClose={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function ModalFormBody({
  onSubmit,
  submitLabel,
  busyLabel,
  cancelLabel,
  invalidAlert = false,
  closeOnSuccess = true,
  submitDisabled = false,
  children,
  onClose,
}: Omit<ModalFormProps, 'open' | 'onOpenChange' | 'title' | 'description' | 'className'> & { onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, busy, submit, abort, clearError } = useFormSubmit((signal) =>
    onSubmit(new FormData(formRef.current ?? undefined), signal),
  );
  const hasErrors = Object.keys(errors).length > 0;
  const general = firstError(errors, '_general');

  const send = async () => {
    if (busy || submitDisabled) return;
    if ((await submit()) && closeOnSuccess) onClose();
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  // An error under a field goes as soon as that field changes: it spoke of the old value. A field is
  // a group's `data-field` (checkboxes answering to one server field), else its control's name.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    const field =
      target.closest<HTMLElement>('[data-field]')?.dataset.field ??
      (target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
        ? target.name
        : '');
    if (field) clearError(field);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!submitsOnEnter(event)) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onFormSubmit}
      onChange={onChange}
      onKeyDown={onKeyDown}
      noValidate
      aria-busy={busy}
    >
      <div className={styles.fields}>
        <FormErrors value={errors}>{children}</FormErrors>
      </div>
      <FormAlert>{general}</FormAlert>
      <FormActions
        busy={busy}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        submitDisabled={submitDisabled}
        cancelLabel={cancelLabel}
        cancelWhileBusy
        onCancel={() => {
          abort();
          onClose();
        }}
      />
      {/* Where the playlist forms have always shown it: under the buttons. */}
      {invalidAlert && hasErrors && <FieldError message={hu.form.invalid} />}
    </form>
  );
}
