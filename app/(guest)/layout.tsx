import type { ReactNode } from 'react';
import { AuthLayout } from '@/components/auth/AuthLayout';
import { customerLogoUrl } from '@/lib/api/customer';
import { getGuestShell } from '@/lib/server';
import { redirect } from 'next/navigation';

export default async function GuestLayout({ children }: { children: ReactNode }) {
  // A visitor the seal calls logged in goes on to the app only when the API agrees (lib/server).
  const { customer, loggedIn } = await getGuestShell();
  if (loggedIn) redirect('/channels');
  return (
    <AuthLayout logoUrl={customerLogoUrl(customer)} customerName={customer?.name ?? null}>
      {children}
    </AuthLayout>
  );
}
