'use client';

import {
  Activity,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { PortalContainer } from './portal-container';

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

// ── Preloading ──────────────────────────────────────────────────────────────────────────────────────
//
// A lazy component's code stays out of the page's first load, but its first opening must not wait for
// it: the lazy components of the page that shows are fetched once it has loaded (those of a page
// reached later, once they are rendered or asked for), and at once when the pointer enters or focus
// reaches a trigger (preloadOnIntent). "Of the page that shows": a `lazyComponent` defined in a
// page's module (evaluated only with that page), and a `lazyDialog` the page renders (its mount asks,
// `usePreloadWhenIdle`). What the app shell defines is evaluated on every page: it names its dialogs
// with `idle: false`, and a page that can open one renders it or asks with `usePreloadWhenIdle`, so a
// page without any dialog fetches no dialog code in its first seconds (issue 27, own JS). A handful of
// small chunks from the same server: fetched together, so the page's own dialogs never queue behind
// the layout's. Preloading only after the first 5 s left a dialog opened soon after the page showed to
// wait for its chunks; waiting for the browser's idle time after the load (up to 2 s), the code of a
// dialog clicked 500 ms after the heading showed was often still on its way at 4× CPU, and with it
// the warm-up below (issue 27, docs/decisions.md). Fetching and evaluating a dialog's chunks is short
// work; the warm-up's render waits for React's idle priority on its own.

/** Registered by the modules the page has evaluated, not fetched yet. */
const waiting = new Set<() => Promise<unknown>>();
let preloading = false;

function preloadWaiting(): void {
  const loads = [...waiting];
  waiting.clear();
  preloading = false;
  for (const load of loads) void load().catch(() => undefined);
}

function schedulePreload(): void {
  if (preloading || typeof window === 'undefined') return;
  preloading = true;
  const start = () => setTimeout(preloadWaiting, 0);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * `load` called at most once while it succeeds (a failed fetch may be tried again); `queue` has it
 * fetched at the next idle time unless it has been already.
 */
function preloadable<T>(load: () => Promise<T>): { once: () => Promise<T>; queue: () => void } {
  let loading: Promise<T> | null = null;
  const once = () => {
    waiting.delete(once);
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const queue = () => {
    if (loading) return;
    waiting.add(once);
    schedulePreload();
  };
  return { once, queue };
}

/** What `WarmUp` needs of a lazy component. */
export interface Warmable {
  /** Whether its code is here (`subscribe` tells when it comes). */
  isReady: () => boolean;
  subscribe: (onReady: () => void) => () => void;
}

/** A lazy component that can be fetched ahead of its first render. */
export type Preloadable<P> = ComponentType<P> &
  Warmable & {
    /** Fetch its code now (intent). */
    preload: () => void;
    /** Fetch its code once the page has loaded (the name is older than that: it was the idle time). */
    preloadWhenIdle: () => void;
  };

/**
 * For a page (or a part of one) that can open one of the shell's lazy components (`idle: false`): its
 * code is fetched at the next idle time after this mounts, as a page's own dialogs are.
 */
export function usePreloadWhenIdle(target: { preloadWhenIdle: () => void }): void {
  useEffect(() => target.preloadWhenIdle(), [target]);
}

/**
 * Props for a trigger (a button that opens one or more lazy components): the pointer entering it or
 * focus reaching it fetches their code, if idle time has not already.
 */
export function preloadOnIntent(...targets: { preload: () => void }[]): {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
} {
  const run = () => {
    for (const target of targets) target.preload();
  };
  return { onPointerEnter: run, onFocus: run };
}

/**
 * A component whose code is fetched the first time it renders, not with the page: for what only a
 * click shows (an editor, a form, a drag-and-drop list inside one). Nothing shows while it loads;
 * the caller renders it only when it is wanted. Its code is preloaded when the page is idle.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /**
   * `idle: false`: not fetched when the page is idle unless something asks (`preloadWhenIdle`): for
   * what the app shell defines (every page evaluates it, few open it) and what no click opens (the
   * new-version modal).
   */
  { idle = true }: { idle?: boolean } = {},
): Preloadable<P> {
  let ready: ComponentType<P> | null = null;
  const readyListeners = new Set<() => void>();
  const { once: fetchCode, queue } = preloadable(() =>
    load().then((component) => {
      ready = component;
      for (const listener of readyListeners) listener();
      readyListeners.clear();
      return component;
    }),
  );
  if (idle) queue();
  function Lazy(props: P) {
    // Code already here (preloaded) renders in the same commit. Code still coming is waited for
    // outside Suspense: React reveals a suspended boundary's content at the earliest 300 ms after its
    // fallback was committed, even when the code came 50 ms later; a state update shows it in the
    // next frame. A failed fetch throws to the nearest error boundary, as React.lazy's did.
    const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | { error: unknown } | null>(() =>
      ready ? { Component: ready } : null,
    );
    useEffect(() => {
      if (loaded) return;
      let live = true;
      fetchCode().then(
        (Component) => live && setLoaded({ Component }),
        (error: unknown) => live && setLoaded({ error }),
      );
      return () => {
        live = false;
      };
    }, [loaded]);
    if (!loaded) return null;
    if ('error' in loaded) throw loaded.error;
    const { Component } = loaded;
    return <Component {...props} />;
  }
  return Object.assign(Lazy, {
    preload: () => void fetchCode().catch(() => undefined),
    preloadWhenIdle: queue,
    isReady: () => ready !== null,
    subscribe: (onReady: () => void) => {
      readyListeners.add(onReady);
      return () => void readyListeners.delete(onReady);
    },
  });
}

/**
 * A dialog driven by an `open` prop (ConfirmDialog, a ModalForm-based form), rendered on every
 * render of the page that has it: its code is fetched ahead (at the idle time after it first mounts,
 * on intent) or on its first opening, and it stays mounted after it.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  const Loaded = lazyComponent(load, { idle: false });
  function LazyDialog(props: P) {
    usePreloadWhenIdle(Loaded);
    if (useOpenedOnce(props.open)) return <Loaded {...props} />;
    // Before its first opening: once, hidden, as it will open (this page's props, open).
    return (
      <WarmUp of={Loaded}>
        <Loaded {...props} open />
      </WarmUp>
    );
  }
  return Object.assign(LazyDialog, {
    preload: Loaded.preload,
    preloadWhenIdle: Loaded.preloadWhenIdle,
    isReady: Loaded.isReady,
    subscribe: Loaded.subscribe,
  });
}

// ── Warming up ──────────────────────────────────────────────────────────────────────────────────────
//
// With its code here, a dialog's first opening still took 40–90 ms more than its second at 4× CPU (a
// weak counter PC): V8 compiles a function on its first call, and the first opening is the first call
// of the dialog's code, of the modal layer's and of React DOM's paths for portals (docs/decisions.md,
// "Where a dialog's first open goes"). So once its code is in, the dialog is rendered once, opened,
// inside a hidden `<Activity>`: React renders it at its lowest priority, when nothing else waits, and
// runs none of its effects (no focus moved, no scroll lock, no data fetched); its portal goes into a
// container of its own, detached from the document, so nothing of it reaches the page. Then it is
// dropped. The real first opening is a new mount of code already compiled.

let detached: HTMLElement | undefined;
const detachedContainer = () => (detached ??= document.createElement('div'));

/** Rendered by a `WarmUp` already: one warm-up in the tab's life is enough. */
const warmed = new WeakSet<Warmable>();

const noReady = () => () => undefined;
const notReady = () => false;

/**
 * Renders `children` (the lazy component `of`, as its first opening would show it) once, hidden,
 * as soon as `of`'s code is here, unless it has been warmed already; then renders nothing. Put it
 * where the page would render the component, in place of it while it is closed: what it reads from
 * the page (contexts, SWR, atoms) is there too.
 */
export function WarmUp({ of, children }: { of: Warmable; children: ReactNode }) {
  const [done, setDone] = useState(() => warmed.has(of));
  const ready = useSyncExternalStore(done ? noReady : of.subscribe, of.isReady, notReady);
  if (done || !ready) return null;
  const finish = () => {
    warmed.add(of);
    setDone(true);
  };
  return (
    <Activity mode="hidden">
      <PortalContainer value={detachedContainer()}>
        {children}
        <Rendered then={finish} />
      </PortalContainer>
    </Activity>
  );
}

/**
 * The last of a warm-up's children: reached once React has rendered those before it (a hidden tree
 * runs no effects, so its render is the only sign). Its `then` runs after that render, not in it.
 */
function Rendered({ then }: { then: () => void }) {
  useState(() => setTimeout(then, 0));
  return null;
}

/** The confirm dialog (`Modal` underneath), in the dialogs' shared chunk (components/dialogs.ts). */
export const LazyConfirmDialog = lazyDialog(() => import('@/components/dialogs').then((d) => d.ConfirmDialog));

/**
 * `ModalForm` for a page that shows its own form in a dialog (the music plan's default source): in
 * the dialogs' shared chunk, fetched on its first opening, not with the page.
 */
export const LazyModalForm = lazyDialog(() => import('@/components/dialogs').then((d) => d.ModalForm));
