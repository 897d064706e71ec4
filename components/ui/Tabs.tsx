'use client';

import { Activity, createContext, use, useId, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs with the parts and the markup of Radix's (Root, List, Trigger, Content; role, aria and
 * data-state the same), at a tenth of its code: /channels has them in its first load. Selection
 * follows focus, as in Radix's default: arrow keys, Home and End move along the tabs and open them.
 * Only the open panel is rendered.
 */

interface TabsState {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs.Root>');
  return state;
}

// Values are ids and keys; an id must not contain spaces.
const idOf = (baseId: string, part: 'tab' | 'panel', value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, '_')}`;

export function Root({
  value,
  onValueChange,
  className,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext value={{ value, onValueChange, baseId }}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function List({
  className,
  children,
  ...aria
}: {
  className?: string;
  children: ReactNode;
  'aria-label': string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT_KEYS[event.key];
    if (!move) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = tabs[move(at, tabs.length)];
    next?.focus();
    next?.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      aria-label={aria['aria-label']}
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

export function Trigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'tab', value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, 'panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      // One tab stop for the row; the arrow keys move inside it.
      tabIndex={selected ? 0 : -1}
      className={className}
      // As a native tab (and Radix): the press itself selects; the click covers Enter and Space.
      onMouseDown={(event) => {
        if (event.button === 0 && !event.ctrlKey && !selected) tabs.onValueChange(value);
      }}
      onClick={() => {
        if (!selected) tabs.onValueChange(value);
      }}
    >
      {children}
    </button>
  );
}

/**
 * The panel of `value`, rendered while its tab is open. With `prerender` the closed panels are rendered
 * too, hidden and at React's lowest priority once the page is idle (an Activity: no effects, no layout,
 * lazy images not fetched), so opening one shows a finished panel instead of building it on the click.
 * Give it children whose props stay the same (memo): a hidden panel re-renders with its parent.
 */
export function Content({
  value,
  className,
  prerender = false,
  children,
}: {
  value: string;
  className?: string;
  prerender?: boolean;
  children: ReactNode;
}) {
  const tabs = useTabs();
  const open = tabs.value === value;
  if (!open && !prerender) return null;
  const panel = (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'panel', value)}
      aria-labelledby={idOf(tabs.baseId, 'tab', value)}
      data-state={open ? 'active' : 'inactive'}
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
  return prerender ? <Activity mode={open ? 'visible' : 'hidden'}>{panel}</Activity> : panel;
}

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/** The parts put together for the common case: a labelled row of tabs and the active one's panel. */
export function Tabs<T extends string>({
  value,
  onValueChange,
  label,
  tabs,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: {
  value: T;
  onValueChange: (value: T) => void;
  /** The tab row's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** The active tab's panel. */
  children: ReactNode;
}) {
  return (
    <Root value={value} onValueChange={(next) => onValueChange(next as T)}>
      <List aria-label={label} className={listClassName}>
        {tabs.map((tab) => (
          <Trigger key={tab.value} value={tab.value} className={tabClassName}>
            {tab.label}
          </Trigger>
        ))}
      </List>
      <Content value={value} className={panelClassName}>
        {children}
      </Content>
    </Root>
  );
}
