import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';
import { settings } from '@/lib/i18n/hu/settings';
import styles from './Settings.module.scss';

const hu = { settings };

/** The name shown for a setting: Hungarian for the keys we know, the key itself otherwise. */
export function settingLabel(key: string): string {
  return hu.settings.keys[key] ?? key;
}

interface Props {
  title: string;
  hint?: ReactNode;
  /** Shows 'Mentve' beside the title (for 3 s after a save: `useSavedFlag`). */
  saved: boolean;
  children: ReactNode;
}

/** One setting in the list: its name, what it does, its editor and the 'Saved' indicator. */
export function SettingRow({ title, hint, saved, children }: Props) {
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <h2 className={styles.rowTitle}>{title}</h2>
        {/* Always in the page, so a screen reader hears 'Mentve' when it appears. */}
        <span className={styles.savedSlot} role="status">
          {saved ? (
            <span className={styles.saved} data-saved-flag="">
              <CheckIcon size={18} />
              {hu.settings.savedFlag}
            </span>
          ) : null}
        </span>
      </div>
      {hint ? <p className={styles.rowHint}>{hint}</p> : null}
      <div className={styles.rowBody}>{children}</div>
    </li>
  );
}
