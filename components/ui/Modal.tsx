'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useInsertionEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { usePortalContainer } from './portal-container';

interface Props {
  open: boolean;
  /** Escape or a click on the overlay; without it the dialog cannot be dismissed. */
  onDismiss?: () => void;
  /** The dialog's heading (an `h2`), which names it. */
  title: ReactNode;
  titleClassName: string | undefined;
  /** The line under the heading, which describes the dialog; none, and nothing does. */
  description?: ReactNode;
  descriptionClassName?: string;
  className: string | undefined;
  overlayClassName: string | undefined;
  /**
   * Focus the dialog itself on open. By default focus goes to an autofocused element inside, else to
   * the first one Tab reaches, else to the dialog.
   */
  focusDialog?: boolean;
  children: ReactNode;
}

/**
 * The modal layer under every dialog of the app (`DialogFrame`, `ConfirmDialog`, `VersionModal`): Radix's
 * modal Dialog, opening with the dialog's heading and the line that describes it. Radix keeps focus
 * inside, hides the rest of the page from assistive technology (live regions kept, so a toast is still
 * read out), holds the page still (the scrollbar's width made up for) and lets Escape or a press on the
 * overlay dismiss the topmost dialog only. This wrapper adds what Radix leaves to a trigger the app's
 * dialogs do not have: on close, focus returns to the element that had it when the dialog opened (a
 * nested dialog's opener inside the dialog under it), at once, not a task later. The overlay and the
 * card share one element portalled to the body, so a dialog over another hides the one under it.
 *
 * Its code is in the dialogs' shared chunk (components/dialogs.ts), fetched when a page first opens a
 * dialog or once the page has loaded, never in a page's first load. A dialog rendered where effects do
 * not run (a warm-up in a hidden `<Activity>`, ./lazy) moves no focus, hides nothing and locks nothing.
 */
export function Modal({
  open,
  onDismiss,
  title,
  titleClassName,
  description,
  descriptionClassName,
  className,
  overlayClassName,
  focusDialog,
  children,
}: Props) {
  const container = usePortalContainer();
  const opener = useRef<Element | null>(null);
  const content = useRef<HTMLDivElement>(null);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss?.();
      }}
    >
      {/* A document's body given at once: Radix's own default waits for an effect, which a warm-up never runs. */}
      <Dialog.Portal container={container ?? (typeof document === 'undefined' ? undefined : document.body)}>
        <div>
          <Dialog.Overlay className={overlayClassName} />
          <Dialog.Content
            ref={content}
            className={className}
            aria-modal="true"
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              if (!focusDialog) return;
              event.preventDefault();
              content.current?.focus();
            }}
            // Focus went back already (FocusBack); Radix would move it to a trigger the app does not use.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const back = opener.current;
              if (document.activeElement === document.body && back instanceof HTMLElement && back.isConnected)
                back.focus();
            }}
          >
            <FocusBack openerRef={opener} />
            <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
            ) : null}
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Mounted with the open dialog: notes what had focus before it opened, and gives focus back to it when
 * the dialog closes. The note is taken before the commit's layout phase, where React focuses an
 * `autoFocus` field inside; the return happens in the closing commit, once Radix's focus trap has let go
 * (it follows `open`, which turned false a commit earlier).
 */
function FocusBack({ openerRef }: { openerRef: RefObject<Element | null> }) {
  useInsertionEffect(() => {
    openerRef.current = document.activeElement;
  }, [openerRef]);
  useLayoutEffect(
    () => () => {
      const back = openerRef.current;
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    },
    [openerRef],
  );
  return null;
}
