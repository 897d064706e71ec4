'use client';

import styles from './Switch.module.scss';

interface Props {
  checked: boolean;
  /** The accessible name, e.g. 'Aktív: Délelőtti akció'. */
  label: string;
  onChange: (next: boolean) => void;
  /** While the server is asked: the switch keeps its place and says it is busy. */
  busy?: boolean;
  /** Short text beside the track ('Be' / 'Ki'), so the state is never told by colour alone. */
  stateText?: { on: string; off: string };
}

/** An on/off switch (`role="switch"`): a scheduled item's state in its table. */
export function Switch({ checked, label, onChange, busy = false, stateText }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      className={styles.switch}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {stateText ? (
        <span className={styles.text} aria-hidden="true">
          {checked ? stateText.on : stateText.off}
        </span>
      ) : null}
    </button>
  );
}
