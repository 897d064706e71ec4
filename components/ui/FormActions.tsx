import styles from './FormActions.module.scss';

interface Props {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Disables the submit besides while busy (a required file is missing…). */
  submitDisabled?: boolean;
  /** Shows the cancel button when given. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** The cancel button is disabled while busy (an inline rename), unless it aborts the call (a dialog). */
  cancelWhileBusy?: boolean;
  /** Its place in the form's layout. */
  className?: string;
}

/** A form's submit (with its busy label) and optional cancel, side by side. */
export function FormActions({
  busy,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  onCancel,
  cancelLabel,
  cancelWhileBusy = false,
  className,
}: Props) {
  return (
    <div className={className ? `${styles.actions} ${className}` : styles.actions}>
      <button type="submit" className={styles.submit} disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </button>
      {onCancel && cancelLabel && (
        <button type="button" className={styles.cancel} onClick={onCancel} disabled={busy && !cancelWhileBusy}>
          {cancelLabel}
        </button>
      )}
    </div>
  );
}
