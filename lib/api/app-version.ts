/**
 * The app version seen in `x-app-version` headers. The first value is the baseline; any later,
 * different value means a deploy happened and the page must reload (SPEC.md §4). Kept free of
 * React and state libraries so the guest pages' fetches can report it at no cost.
 */
type Listener = () => void;

let firstVersion: string | null = null;
let changed = false;
const listeners = new Set<Listener>();

export function noteAppVersion(version: string | null | undefined): void {
  if (!version) return;
  if (firstVersion === null) {
    firstVersion = version;
    return;
  }
  if (version !== firstVersion && !changed) {
    changed = true;
    listeners.forEach((listener) => listener());
  }
}

export function isAppVersionChanged(): boolean {
  return changed;
}

export function subscribeAppVersion(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests: forget what was seen. */
export function resetAppVersion(): void {
  firstVersion = null;
  changed = false;
}
