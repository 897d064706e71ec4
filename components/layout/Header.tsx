'use client';

import { useAtom } from 'jotai';
import { CustomerLogo } from '@/components/ui/CustomerLogo';
import { customerLogoUrl } from '@/lib/api/customer';
import { useCustomer } from '@/lib/api/use-customer';
import { header as huHeader } from '@/lib/i18n/hu/header';
import { nav } from '@/lib/i18n/hu/nav';
import { sidebarOpenAtom } from '@/lib/ui/sidebar';
import { MenuIcon } from '@/components/ui/icons';
import { AlertsBell } from './AlertsBell';
import { SIDEBAR_ID } from './Sidebar';
import { UserMenu } from './UserMenu';
import styles from './Header.module.scss';

const hu = { header: huHeader, nav };

export function Header() {
  const { data: customer } = useCustomer();
  const [open, setOpen] = useAtom(sidebarOpenAtom);

  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menuButton}
        aria-label={hu.nav.openMenu}
        aria-controls={SIDEBAR_ID}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      <div className={styles.spacer} />
      <AlertsBell />
      <UserMenu>
        {/* The name beside it says who this is; an alt text would only repeat it in the button's name. */}
        <CustomerLogo src={customerLogoUrl(customer)} alt="" className={styles.logo} />
        <span className={styles.name}>{customer?.name ?? hu.header.accountMenu}</span>
      </UserMenu>
    </header>
  );
}
