import Link from 'next/link';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { app } from '@/lib/i18n/hu/app';
import styles from './not-found.module.scss';

const hu = { app };

/** Inside the main layout (sidebar and player stay): an unknown id in the URL, or an unknown address. */
export default function AppNotFound() {
  return (
    <>
      <PageHeading>{hu.app.notFoundTitle}</PageHeading>
      <EmptyState title={hu.app.notFoundText}>
        <Link className={styles.link} href="/channels">
          {hu.app.backHome}
        </Link>
      </EmptyState>
    </>
  );
}
