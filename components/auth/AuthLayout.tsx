import type { ReactNode } from 'react';
import { CustomerLogo } from '@/components/ui/CustomerLogo';
import { auth } from '@/lib/i18n/hu/auth';
import { header } from '@/lib/i18n/hu/header';
import styles from './AuthLayout.module.scss';

const hu = { auth, header };

interface Props {
  logoUrl: string;
  customerName: string | null;
  children: ReactNode;
}

/**
 * Split screen: the shop's logo on one side (its name under it only with the default logo, which
 * lacks it), the form on the other; stacked on narrow screens.
 */
export function AuthLayout({ logoUrl, customerName, children }: Props) {
  return (
    <div className={styles.split}>
      <div className={styles.brand}>
        <CustomerLogo
          src={logoUrl}
          alt={customerName ? `${customerName} ${hu.auth.logoAlt}` : hu.header.defaultLogoAlt}
          className={styles.logo}
          fallbackCaption={customerName ? <p className={styles.customerName}>{customerName}</p> : null}
        />
      </div>
      <main className={styles.panel}>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
