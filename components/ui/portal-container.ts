'use client';

import { createContext, use } from 'react';

/**
 * Where a dialog's portal renders (`Modal`): the document's body unless a warm-up render (`WarmUp` in
 * ./lazy) gives a container of its own, detached from the document, so that render never reaches the
 * page.
 */
export const PortalContainer = createContext<HTMLElement | undefined>(undefined);

export function usePortalContainer(): HTMLElement | undefined {
  return use(PortalContainer);
}
