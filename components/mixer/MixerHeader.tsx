import type { ReactNode } from 'react';
import { PageHeading } from '@/components/layout/PageHeading';
import styles from './MixerHeader.module.scss';

/** A mixer page's heading with its buttons beside it (under it on a phone). */
export function MixerHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.top}>
      <PageHeading>{title}</PageHeading>
      {children ? <div className={styles.tools}>{children}</div> : null}
    </div>
  );
}
