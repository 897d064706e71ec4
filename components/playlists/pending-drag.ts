export interface Point {
  x: number;
  y: number;
}

/**
 * A press on a row's drag handle made while the drag-and-drop code is still on its way: enough to
 * start the same drag when it arrives (SortableTrackRows), so the first drag is never lost.
 */
export interface PendingDrag {
  trackId: number;
  via: 'mouse' | 'keyboard';
  /** Where the mouse went down, and where it is now. */
  origin: Point;
  at: Point;
  /** The mouse button came up before the code arrived: it was a click, not a drag. */
  released: boolean;
  /** Keys pressed after the lifting space, in order. */
  keys: string[];
  /** Stops following the mouse; the drag takes over. */
  release: () => void;
}

/** The keys of a keyboard drag: space lifts and drops, the arrows move, Escape cancels. */
export const DRAG_KEYS: ReadonlySet<string> = new Set([' ', 'ArrowUp', 'ArrowDown', 'Escape', 'Tab']);

/** Follows the mouse from a press on a handle until it is released or the drag takes over. */
export function pendingMouseDrag(trackId: number, event: { clientX: number; clientY: number }): PendingDrag {
  const origin = { x: event.clientX, y: event.clientY };
  const press: PendingDrag = {
    trackId,
    via: 'mouse',
    origin,
    at: origin,
    released: false,
    keys: [],
    release: () => undefined,
  };
  const move = (e: MouseEvent) => {
    press.at = { x: e.clientX, y: e.clientY };
  };
  const up = () => {
    press.released = true;
    press.release();
  };
  window.addEventListener('mousemove', move, true);
  window.addEventListener('mouseup', up, true);
  press.release = () => {
    window.removeEventListener('mousemove', move, true);
    window.removeEventListener('mouseup', up, true);
  };
  return press;
}

/** A space on a handle: the keyboard drag starts with it, the following keys are kept. */
export function pendingKeyboardDrag(trackId: number): PendingDrag {
  const origin = { x: 0, y: 0 };
  return { trackId, via: 'keyboard', origin, at: origin, released: false, keys: [], release: () => undefined };
}
