'use client';

import { version as huVersion } from '@/lib/i18n/hu/version';
import { useCountdown } from '@/lib/ui/use-countdown';
import { Modal } from './Modal';
import styles from './VersionModal.module.scss';

const hu = { version: huVersion };

/** SPEC.md §9: the reload comes 20 s after a new version was seen, ticking each second. */
export const VERSION_RELOAD_SECONDS = 20;

function reloadPage() {
  window.location.reload();
}

interface Props {
  open: boolean;
  onReload?: () => void;
}

/** Not dismissable: the old page cannot be trusted against the new API, so it must reload. */
export function VersionModal({ open, onReload = reloadPage }: Props) {
  const secondsLeft = useCountdown(VERSION_RELOAD_SECONDS, open, onReload);

  return (
    <Modal
      open={open}
      title={hu.version.title}
      titleClassName={styles.title}
      description={hu.version.countdown(Math.max(0, secondsLeft))}
      descriptionClassName={styles.text}
      className={styles.content}
      overlayClassName={styles.overlay}
    >
      <button type="button" className={styles.button} onClick={onReload}>
        {hu.version.reloadNow}
      </button>
    </Modal>
  );
}
