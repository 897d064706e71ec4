import type { ReactNode } from 'react';
import styles from './FormAlert.module.scss';

/**
 * A form's message that belongs to no one field (a network failure, 'Hibás kitöltés, kérjük
 * javítsa.'), announced when it appears. Renders nothing without a message.
 */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p id={id} className={styles.alert} role="alert">
      {children}
    </p>
  );
}
