import Link from 'next/link';
import * as hu from '@/lib/i18n/hu';
import styles from './not-found.module.scss';

export default function NotFound() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{hu.app.notFoundTitle}</h1>
      <p className={styles.text}>{hu.app.notFoundText}</p>
      <Link className={styles.link} href="/">
        {hu.app.backHome}
      </Link>
    </main>
  );
}
