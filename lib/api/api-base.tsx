'use client';

import { setApiBase } from './api-base-state';

/**
 * Tells the browser's fetch wrapper the tenant API's base URL, so media URLs an API sends relative
 * to itself resolve there, not against the web's origin. Rendered by the layouts before their
 * children, so it is set before any client fetch; renders nothing.
 */
export function ApiBase({ base }: { base: string }) {
  setApiBase(base);
  return null;
}
