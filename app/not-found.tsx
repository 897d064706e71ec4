import Link from 'next/link';
import { app } from '@/lib/i18n/hu/app';
import styles from './not-found.module.scss';

const hu = { app };

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
