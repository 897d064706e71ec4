'use client';

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

interface Props<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  /** The tab row's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** The active tab's panel; only it is rendered. */
  children: ReactNode;
}

/**
 * An ARIA tablist with its one panel, without a library: the tabs take the keyboard in turn (only the
 * active one is in the Tab order; arrows, Home and End move and activate, wrapping around), a press
 * activates on mouse-down as a native tab does, and each tab carries `data-state` for the styles
 * (`tab-list`/`tab` mixins).
 */
export function Tabs<T extends string>({
  value,
  onValueChange,
  label,
  tabs,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: Props<T>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${base}-tab-${v}`;
  const panelId = (v: T) => `${base}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div ref={listRef} role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {tabs.map((tab, index) => {
          const active = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={active}
              aria-controls={active ? panelId(tab.value) : undefined}
              data-state={active ? 'active' : 'inactive'}
              tabIndex={active ? 0 : -1}
              className={tabClassName}
              onMouseDown={(event) => {
                if (event.button === 0 && !event.ctrlKey) onValueChange(tab.value);
              }}
              // Automatic activation: a tab that gets the keyboard shows its panel.
              onFocus={() => onValueChange(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Keyed: switching tabs starts the panel afresh (its table's sort, its scroll). */}
      <div key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} tabIndex={0} className={panelClassName}>
        {children}
      </div>
    </>
  );
}
