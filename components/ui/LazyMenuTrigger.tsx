'use client';

import { useCallback, type ButtonHTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** The menu's code: started on hover or focus, so a press rarely waits for it. */
  preload: () => unknown;
  /** Swap in the real menu, opened. */
  onArm: () => void;
};

/**
 * The look of a Radix dropdown trigger before the dropdown's code is loaded. Menus are rarely
 * opened, so Radix's menu and positioning code stay out of the first page load: pressing this
 * (pointer down, as Radix opens, or Enter, Space, ArrowDown) swaps in the real menu, opened.
 */
export function LazyMenuTrigger({ preload, onArm, children, ...rest }: Props) {
  const warm = useCallback(() => void preload(), [preload]);
  return (
    <button
      {...rest}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={warm}
      onFocus={warm}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) {
          event.preventDefault();
          onArm();
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          onArm();
        }
      }}
    >
      {children}
    </button>
  );
}
