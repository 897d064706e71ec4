'use client';

import { useSyncExternalStore } from 'react';
import { isAppVersionChanged, subscribeAppVersion } from '@/lib/api/app-version';

export function useAppVersionChanged(): boolean {
  return useSyncExternalStore(subscribeAppVersion, isAppVersionChanged, () => false);
}
