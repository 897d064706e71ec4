'use client';

import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * True from the first render in which `open` is set, and from then on: a dialog's code loads when it
 * is first opened, and the dialog stays mounted afterwards so closing animates and focus returns.
 * Set while rendering, not in an effect, so the dialog mounts in the same render as the first open.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A component whose code is fetched the first time it renders, not with the page: for what only a
 * click shows (an editor, a form, a drag-and-drop list inside one). Nothing shows while it loads;
 * the caller renders it only when it is wanted.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function Lazy(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Lazy;
}

/**
 * A dialog driven by an `open` prop (ConfirmDialog, a ModalForm-based form), rendered on every
 * page render: its code is fetched on its first opening and it stays mounted after it.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazyComponent(load);
  function LazyDialog(props: P) {
    return useOpenedOnce(props.open) ? <Loaded {...props} /> : null;
  }
  return LazyDialog;
}

/** The confirm dialog (Radix Dialog underneath), fetched when a page first asks for a confirmation. */
export const LazyConfirmDialog = lazyDialog(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));
