'use client';

import { ErrorState } from '@/components/ui/ErrorState';
import styles from './error.module.scss';

/** Catches what the main layout throws (an `error.tsx` inside `(app)` cannot): never a dead end. */
export default function RootError({ error }: { error: Error & { digest?: string } }) {
  return (
    <main className={styles.page}>
      <ErrorState error={error} />
    </main>
  );
}
