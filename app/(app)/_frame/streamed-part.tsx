'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import styles from './streamed-part.module.scss';

/** Nothing to listen to: only the server render (and the hydration pass) and the client differ. */
const noSubscription = () => () => {};

/**
 * A page's part that streams after the frame (its Suspense boundary's content). React hydrates such a
 * part on its own, after the frame, once its HTML and its components' code are in; until then its
 * fields are plain HTML that React does not listen to. What was typed into them is not taken over
 * (this React's hydration keeps the field's text but leaves the component's state as the server
 * rendered it, so a button that waits for a change stays disabled, a search filters nothing, and the
 * next render puts the old value back), and a press on a button is dropped.
 *
 * So the part's controls cannot be used before they are React's: the part is a disabled fieldset in
 * the server's HTML and in the hydration pass, enabled in the render right after it. Links still work
 * (a plain navigation). Playwright's `fill`, `click` and `check` wait for a control to be enabled, as a
 * user waits for a greyed control. A page rendered in the browser (a client navigation) has it enabled
 * from the start. The fieldset adds no box (`display: contents`) and no role.
 */
export function StreamedPart({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset className={styles.part} role="presentation" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
