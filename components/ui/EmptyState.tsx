import type { ReactNode } from 'react';
import styles from './EmptyState.module.scss';

interface Props {
  /** The short line that says what is (not) here. */
  title: string;
  /** One or two sentences more: what will be here, or what to do. */
  text?: string;
  /** A smaller box inside a page section (a list that could not be loaded). */
  compact?: boolean;
  /** Buttons or links under the text. */
  children?: ReactNode;
  /** `notice`: the section's data could not be loaded; announced politely, in a warning tone. */
  tone?: 'empty' | 'notice';
}

/** The one empty state: a page still to come, an empty list, a section whose call failed. */
export function EmptyState({ title, text, compact = false, children, tone = 'empty' }: Props) {
  const className = [styles.box, compact ? styles.compact : '', tone === 'notice' ? styles.notice : '']
    .join(' ')
    .trim();
  return (
    <div className={className} data-empty-state="" role={tone === 'notice' ? 'status' : undefined}>
      <p className={styles.title}>{title}</p>
      {text && <p className={styles.text}>{text}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
