'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { useMe } from '@/lib/api/use-me';
import { logOutThisDevice } from '@/lib/player/end-login';
import { header as huHeader } from '@/lib/i18n/hu/header';
import { ChevronDownIcon, LogoutIcon, SettingsIcon } from '@/components/ui/icons';
import { ACCOUNT_NAV } from './nav';
import styles from './UserMenu.module.scss';

const hu = { header: huHeader };

async function logoutAndReload() {
  await logOutThisDevice();
  window.location.reload();
}

/**
 * The header's account dropdown; its trigger shows the customer's logo and name. Loaded by UserMenu
 * on the first press, which it then opens (`defaultOpen`).
 */
export function UserMenuDropdown({ children, defaultOpen = false }: { children: ReactNode; defaultOpen?: boolean }) {
  const { data: me } = useMe();
  const router = useRouter();

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger}>
        {children}
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          {me ? (
            <DropdownMenu.Label className={styles.label}>
              <span className={styles.userName}>{me.name}</span>
              <span className={styles.userEmail}>{me.email}</span>
            </DropdownMenu.Label>
          ) : null}
          {ACCOUNT_NAV.map((item) => (
            <DropdownMenu.Item key={item.href} className={styles.item} onSelect={() => router.push(item.href)}>
              <SettingsIcon />
              {item.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={() => void logoutAndReload()}>
            <LogoutIcon />
            {hu.header.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
