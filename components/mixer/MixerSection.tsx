import type { ReactNode } from 'react';
import { errors } from '@/lib/i18n/hu/errors';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { PlusIcon } from '@/components/ui/icons';
import { preloadOnIntent } from '@/components/ui/lazy';
import styles from './MixerSection.module.scss';

const hu = { errors };

interface Props {
  title: string;
  /** The page's main button ('Új slideshow'…). */
  addLabel: string;
  onAdd: () => void;
  /** The dialog the main button opens: its code is fetched when the pointer enters or focus reaches it. */
  adds?: { preload: () => void };
  /** What the list holds: `failed` when neither the server nor the browser could read it. */
  state: 'ready' | 'empty' | 'failed' | 'loading';
  emptyTitle: string;
  emptyHint: string;
  failedText: string;
  onRetry: () => void;
  /** The table, shown when `state` is ready. */
  children: ReactNode;
}

/**
 * One mixer page's frame: its heading with the main button, then the table, or in its place a short
 * notice when the list is empty or could not be read (the rest of the page keeps working).
 */
export function MixerSection({
  title,
  addLabel,
  onAdd,
  adds,
  state,
  emptyTitle,
  emptyHint,
  failedText,
  onRetry,
  children,
}: Props) {
  return (
    <>
      <div className={styles.top}>
        <PageHeading>{title}</PageHeading>
        <button type="button" className={styles.add} {...(adds ? preloadOnIntent(adds) : {})} onClick={onAdd}>
          <PlusIcon />
          {addLabel}
        </button>
      </div>
      {state === 'ready' && children}
      {state === 'empty' && <EmptyState title={emptyTitle} text={emptyHint} />}
      {state === 'loading' && <p className={styles.loading} role="status" aria-busy="true" />}
      {state === 'failed' && (
        <div role="alert">
          <EmptyState compact title={failedText}>
            <button type="button" className={styles.retry} onClick={onRetry}>
              {hu.errors.retry}
            </button>
          </EmptyState>
        </div>
      )}
    </>
  );
}
