'use client';

import { useId, useInsertionEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
 * The modal layer under every dialog of the app (`DialogFrame`, `ConfirmDialog`, `VersionModal`): an
 * overlay and a card portalled to the body, opening with the dialog's heading and the line that
 * describes it (their ids wired to the card). It does what Radix's modal Dialog did for us, in far less
 * code on every page that has a dialog:
 * - focus moves into the dialog on open, Tab and Shift+Tab go round inside it, focus that lands
 *   outside comes back (a menu opened from it and the toasts excepted), and on close focus returns to
 *   the element that had it when the dialog opened;
 * - the rest of the page is hidden from assistive technology (`aria-hidden`, live regions kept, so a
 *   toast is still read out) and the page under it does not scroll;
 * - Escape or a click on the overlay dismisses the topmost dialog only.
 * A dialog rendered where effects do not run (a warm-up in a hidden `<Activity>`) does none of this.
 */
export function Modal({ open, ...props }: Props) {
  return open ? <ModalLayer {...props} /> : null;
}

type LayerProps = Omit<Props, 'open'>;

interface Layer {
  root: HTMLElement;
  content: HTMLElement;
}

/** The open dialogs, the topmost last. */
const layers: Layer[] = [];
/** The elements this module hid from assistive technology, shown again when the layers change. */
let hidden: Element[] = [];
/** The body's own `overflow` while a dialog holds the page still. */
let bodyOverflow: string | null = null;

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(', ');

/** What Tab reaches inside `box`, in order. */
function tabbables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[inert], [hidden]') &&
      (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })),
  );
}

/** Focus may sit outside the topmost dialog in a menu opened from it, or on a toast. */
const focusMayLeave = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="menu"], [aria-live]') !== null;

/** Hides from assistive technology everything but the topmost dialog and the live regions. */
function hideAllBut(keep: Element[]) {
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (keep.includes(child) || child.tagName === 'SCRIPT') continue;
      if (keep.some((kept) => child.contains(kept))) walk(child);
      else if (!child.hasAttribute('aria-hidden')) {
        child.setAttribute('aria-hidden', 'true');
        hidden.push(child);
      }
    }
  };
  walk(document.body);
}

function layersChanged() {
  for (const el of hidden) el.removeAttribute('aria-hidden');
  hidden = [];
  const top = layers.at(-1);
  if (top) hideAllBut([top.root, ...document.querySelectorAll('[aria-live]')]);
  if (top && bodyOverflow === null) {
    bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  } else if (!top && bodyOverflow !== null) {
    document.body.style.overflow = bodyOverflow;
    bodyOverflow = null;
  }
}

function ModalLayer({
  onDismiss,
  title,
  titleClassName,
  description,
  descriptionClassName,
  className,
  overlayClassName,
  focusDialog,
  children,
}: LayerProps) {
  const container = usePortalContainer();
  const root = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const dismiss = useRef(onDismiss);
  const focusSelf = useRef(focusDialog);
  const titleId = useId();
  const descriptionId = useId();
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });

  // Before this commit's layout phase, where React focuses an `autoFocus` field inside the dialog.
  useInsertionEffect(() => {
    opener.current = document.activeElement;
  }, []);

  useLayoutEffect(() => {
    const layer: Layer = { root: root.current!, content: content.current! };
    const box = layer.content;
    layers.push(layer);
    layersChanged();
    if (focusSelf.current) box.focus();
    else if (!box.contains(document.activeElement)) (tabbables(box)[0] ?? box).focus();

    const isTop = () => layers.at(-1) === layer;
    let lastInside: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop()) return;
      if (event.target instanceof HTMLElement && box.contains(event.target)) lastInside = event.target;
      else if (!focusMayLeave(event.target)) (lastInside?.isConnected ? lastInside : box).focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented || event.isComposing) return;
      // A menu opened from the dialog takes its own keys (Escape closes the menu, not the dialog).
      if (event.target instanceof Node && !box.contains(event.target) && focusMayLeave(event.target)) return;
      if (event.key === 'Escape') {
        if (!dismiss.current) return;
        event.preventDefault();
        dismiss.current();
      } else if (event.key === 'Tab') {
        const stops = tabbables(box);
        const active = document.activeElement;
        const inside = active instanceof Node && box.contains(active);
        if (stops.length === 0) {
          event.preventDefault();
          box.focus();
        } else if (event.shiftKey && (!inside || active === box || active === stops[0])) {
          event.preventDefault();
          stops.at(-1)!.focus();
        } else if (!event.shiftKey && (!inside || active === stops.at(-1))) {
          event.preventDefault();
          stops[0]!.focus();
        }
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      layers.splice(layers.indexOf(layer), 1);
      layersChanged();
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    };
  }, []);

  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && layers.at(-1)?.root === root.current) dismiss.current?.();
  };

  if (typeof document === 'undefined') return null;
  return createPortal(
    <div ref={root}>
      <div className={overlayClassName} onClick={onOverlayClick} />
      <div
        ref={content}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={className}
        data-state="open"
      >
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className={descriptionClassName}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    container ?? document.body,
  );
}
