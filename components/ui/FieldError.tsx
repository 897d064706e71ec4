import styles from './FieldError.module.scss';

/** The one form-error line: the first server message for a field, announced to screen readers. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {message}
    </p>
  );
}
