/**
 * The tenant API's base URL as the server told this page (see ApiBase in api-base.tsx); null on the
 * server and before the layout rendered. A plain module so the fetch wrapper can read it anywhere.
 */
let current: string | null = null;

export function getApiBase(): string | null {
  return current;
}

export function setApiBase(base: string | null): void {
  if (typeof window !== 'undefined') current = base;
}
