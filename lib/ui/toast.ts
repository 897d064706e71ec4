import { atom, getDefaultStore } from 'jotai';

/** How long a toast stays (SPEC.md §9). */
export const TOAST_MS = 1500;

export interface Toast {
  id: number;
  message: string;
}

export const toastsAtom = atom<Toast[]>([]);

type Store = ReturnType<typeof getDefaultStore>;
let nextId = 1;

/**
 * The one way to show a toast. Callable outside React (after a mutation, in an SWR callback);
 * the toast area renders whatever this atom holds. The same message shown again while it is
 * still up replaces it (one toast, a fresh 1.5 s) instead of stacking a twin under it.
 */
export function showToast(message: string, store: Store = getDefaultStore()): number {
  const id = nextId++;
  store.set(toastsAtom, (toasts) => [...toasts.filter((toast) => toast.message !== message), { id, message }]);
  setTimeout(() => {
    store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
  }, TOAST_MS);
  return id;
}
