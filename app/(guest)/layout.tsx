import type { ReactNode } from 'react';
import type { Customer } from '@/contracts';
import { AuthLayout } from '@/components/auth/AuthLayout';
import { customerLogoUrl } from '@/lib/api/customer';
import { ME_KEY } from '@/lib/api/keys';
import { customerReader, userReader } from '@/lib/api/schemas';
import { apiRead } from '@/lib/api/server-read';
import { apiGetOptional, getSession } from '@/lib/bff/server-fetch';
import { redirect } from 'next/navigation';

async function loadCustomer(): Promise<Customer | null> {
  try {
    return await apiRead('/api/customer', customerReader);
  } catch {
    // A failed customer call leaves the customer empty (SPEC.md §8): the default logo still shows.
    return null;
  }
}

/**
 * A visitor the seal calls logged in goes on to the app only when the API agrees (GET /api/me): a
 * login page never sends anyone to a page that fails, so the login and the logout stay reachable.
 */
async function sendOnWhenLoggedIn(): Promise<void> {
  if (!(await getSession()).loggedIn) return;
  if ((await apiGetOptional(ME_KEY, userReader)) !== null) redirect('/channels');
}

export default async function GuestLayout({ children }: { children: ReactNode }) {
  const [customer] = await Promise.all([loadCustomer(), sendOnWhenLoggedIn()]);
  return (
    <AuthLayout logoUrl={customerLogoUrl(customer)} customerName={customer?.name ?? null}>
      {children}
    </AuthLayout>
  );
}
