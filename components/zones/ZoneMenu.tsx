'use client';

import { useState, type ComponentType } from 'react';
import { LazyMenuTrigger } from '@/components/ui/LazyMenuTrigger';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import type { Zone } from '@/contracts/zones';
import type { ZoneMenuDropdown } from './ZoneMenuDropdown';
import styles from './ZoneMenu.module.scss';

const hu = { zones: huZones };

const loadDropdown = () => import('./ZoneMenuDropdown');

/**
 * 'Zóna: Kávézó' (issue 43): the zone the bar steers, as a menu button listing every zone. Shown only
 * when the shop has more than one zone; until the first press the trigger is a look-alike, so the
 * menu's code loads only when it is used (as the device menu's).
 */
export function ZoneMenu({ current }: { current: Zone }) {
  const [Dropdown, setDropdown] = useState<ComponentType<Parameters<typeof ZoneMenuDropdown>[0]> | null>(null);
  const label = hu.zones.barButton(current.name);
  if (Dropdown) return <Dropdown current={current} defaultOpen />;
  return (
    <LazyMenuTrigger
      className={styles.trigger}
      preload={loadDropdown}
      onArm={() => void loadDropdown().then((m) => setDropdown(() => m.ZoneMenuDropdown))}
      data-zone-menu=""
    >
      <span className={styles.label}>{label}</span>
    </LazyMenuTrigger>
  );
}
