'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus back to the opener when a dialog closes (Escape, the close button, a click outside). Our
 * dialogs are opened by state, not by a Radix Trigger, so Radix has no trigger to refocus and focus
 * fell to the page's start. The element that had focus when `open` turned true (the button that
 * opened the dialog) is remembered before the dialog moves focus into itself; the returned handler is
 * the dialog content's `onCloseAutoFocus`. An opener gone meanwhile (a menu item) leaves Radix's default.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's own focus scope (an effect) moves focus inside.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected || target === document.body) return;
    event.preventDefault();
    target.focus();
  }, []);
}
