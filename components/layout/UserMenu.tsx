'use client';

import { useState, type ComponentType, type ReactNode } from 'react';
import { LazyMenuTrigger } from '@/components/ui/LazyMenuTrigger';
import type { UserMenuDropdown } from './UserMenuDropdown';
import { ChevronDownIcon } from '@/components/ui/icons';
import styles from './UserMenu.module.scss';

const loadDropdown = () => import('./UserMenuDropdown');

/**
 * The header's account dropdown; its trigger shows the customer's logo and name. Until the first
 * press the trigger is a look-alike, so Radix's menu code loads only when the menu is used.
 */
export function UserMenu({ children }: { children: ReactNode }) {
  const [Dropdown, setDropdown] = useState<ComponentType<Parameters<typeof UserMenuDropdown>[0]> | null>(null);
  if (Dropdown) return <Dropdown defaultOpen>{children}</Dropdown>;
  const arm = () => void loadDropdown().then((m) => setDropdown(() => m.UserMenuDropdown));
  return (
    <LazyMenuTrigger className={styles.trigger} preload={loadDropdown} onArm={arm}>
      {children}
      <ChevronDownIcon />
    </LazyMenuTrigger>
  );
}
