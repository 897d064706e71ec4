import { errors } from '@/lib/i18n/hu/errors';
import styles from './PageLoading.module.scss';

const hu = { errors };

/** A page on its way: the shape of a heading and a grid of tiles, as the app's pages have. */
export function PageLoading() {
  return (
    <div className={styles.wrap} role="status" aria-live="polite" data-page-loading="">
      <span className={styles.label}>{hu.errors.loading}</span>
      <div className={styles.heading} aria-hidden="true" />
      <div className={styles.grid} aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.tile} />
        ))}
      </div>
    </div>
  );
}
