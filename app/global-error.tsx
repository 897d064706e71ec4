'use client';

import { ErrorState } from '@/components/ui/ErrorState';
import '@/styles/globals.scss';
import styles from './error.module.scss';

/** The root layout or the main layout failed: this replaces the root layout, so it brings its own <html> and <body>. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="hu">
      <body>
        <main className={styles.page}>
          <ErrorState error={error} />
        </main>
      </body>
    </html>
  );
}
