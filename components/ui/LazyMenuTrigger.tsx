'use client';

import { useCallback, useState, type ButtonHTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';

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
 * While that code is on its way the trigger already reads `data-state="open"`: it looks pressed, and
 * a list that rebuilds its rows meanwhile can tell which row's menu to open again.
 */
export function LazyMenuTrigger({ preload, onArm, children, ...rest }: Props) {
  const warm = useCallback(() => void preload(), [preload]);
  const [armed, setArmed] = useState(false);
  const arm = () => {
    setArmed(true);
    onArm();
  };
  return (
    <button
      {...rest}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state={armed ? 'open' : 'closed'}
      onPointerEnter={warm}
      onFocus={warm}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) {
          event.preventDefault();
          arm();
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          arm();
        }
      }}
    >
      {children}
    </button>
  );
}
