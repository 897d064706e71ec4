'use client';

import { useEffect } from 'react';
import { errors } from '@/lib/i18n/hu/errors';
import { EmptyState } from './EmptyState';
import styles from './ErrorState.module.scss';

const hu = { errors };

/**
 * What every error boundary shows: what went wrong, 'Újrapróbálás' and 'Kijelentkezés'. The logout is
 * a plain form post (the BFF answers it with a 303 to /login), so it works even when the page's
 * script or the layout around it is what failed.
 */
export function ErrorState({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className={styles.wrap} role="alert">
      <EmptyState title={hu.errors.title} text={hu.errors.text}>
        {/* A full reload asks the server again for the layout too, which a failed render needs. */}
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {hu.errors.retry}
        </button>
        <form method="post" action="/auth/logout">
          <button type="submit" className={styles.secondary}>
            {hu.errors.logout}
          </button>
        </form>
      </EmptyState>
    </div>
  );
}
