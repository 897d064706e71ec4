'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { version as huVersion } from '@/lib/i18n/hu/version';
import { useCountdown } from '@/lib/ui/use-countdown';
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
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className={styles.title}>{hu.version.title}</Dialog.Title>
          <Dialog.Description className={styles.text}>
            {hu.version.countdown(Math.max(0, secondsLeft))}
          </Dialog.Description>
          <button type="button" className={styles.button} onClick={onReload}>
            {hu.version.reloadNow}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
