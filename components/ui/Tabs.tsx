'use client';

import * as RadixTabs from '@radix-ui/react-tabs';
import { Activity, createContext, use, type ReactNode } from 'react';

/**
 * Radix's Tabs (Root, List, Trigger, Content), with the app's one addition: `prerender` on a panel.
 * Selection follows focus (Radix's automatic activation): a press, the arrow keys (round the ends),
 * Home and End open a tab. Only the open panel is rendered, unless the panels ask to be prerendered.
 */

/** The open tab and its setter, for `Content` to know whether it shows and `Trigger`'s click. */
const OpenTab = createContext<{ value: string; onValueChange: (value: string) => void } | null>(null);

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
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={className}>
      <OpenTab value={{ value, onValueChange }}>{children}</OpenTab>
    </RadixTabs.Root>
  );
}

export function List({
  className,
  children,
  ...aria
}: {
  className?: string;
  children: ReactNode;
  'aria-label': string;
}) {
  return (
    <RadixTabs.List aria-label={aria['aria-label']} className={className}>
      {children}
    </RadixTabs.List>
  );
}

/**
 * A tab. Radix opens it on the press (mouse-down), on focus and on Enter or Space; a click alone opens
 * it too (what a screen reader's virtual cursor sends).
 */
export function Trigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = use(OpenTab);
  return (
    <RadixTabs.Trigger
      value={value}
      className={className}
      onClick={() => {
        if (tabs && tabs.value !== value) tabs.onValueChange(value);
      }}
    >
      {children}
    </RadixTabs.Trigger>
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
  const open = use(OpenTab)?.value === value;
  if (!prerender) {
    return (
      <RadixTabs.Content value={value} className={className}>
        {children}
      </RadixTabs.Content>
    );
  }
  return (
    <Activity mode={open ? 'visible' : 'hidden'}>
      <RadixTabs.Content value={value} className={className} forceMount>
        {children}
      </RadixTabs.Content>
    </Activity>
  );
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
