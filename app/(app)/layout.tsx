import type { ReactNode } from 'react';
import { customerSchema, userSchema, type Customer } from '@/contracts';
import { AppFrame } from '@/components/layout/AppFrame';
import { AppProviders } from '@/components/layout/AppProviders';
import { CUSTOMER_KEY, ME_KEY } from '@/lib/api/keys';
import { apiGet } from '@/lib/bff/server-fetch';

async function loadCustomer(): Promise<Customer | null> {
  try {
    return await apiGet(CUSTOMER_KEY, customerSchema);
  } catch {
    // A failed customer call leaves the customer empty (SPEC.md §8); the header shows the default logo.
    return null;
  }
}

export default async function AppLayout({ children }: { children: ReactNode }) {
  // apiGet sends a 401 through /auth/expired, so an expired session never renders the shell.
  const [me, customer] = await Promise.all([apiGet(ME_KEY, userSchema), loadCustomer()]);
  const fallback: Record<string, unknown> = { [ME_KEY]: me };
  if (customer) fallback[CUSTOMER_KEY] = customer;

  return (
    <AppProviders fallback={fallback}>
      <AppFrame>{children}</AppFrame>
    </AppProviders>
  );
}
