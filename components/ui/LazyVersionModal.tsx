'use client';

import { lazyComponent } from './lazy';

/**
 * The new-version modal, loaded only when a new version is seen: a modal dialog that almost every
 * visit never shows does not belong in the first page load, nor in its idle time (no click opens it).
 */
export const LazyVersionModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadVersionModal()), {
  idle: false,
});
