import type { ReactNode } from 'react';
import type { Customer } from '@/contracts';
import { AuthLayout } from '@/components/auth/AuthLayout';
import { customerLogoUrl } from '@/lib/api/customer';
import { customerReader } from '@/lib/api/schemas';
import { apiRead } from '@/lib/api/server-read';

async function loadCustomer(): Promise<Customer | null> {
  try {
    return await apiRead('/api/customer', customerReader);
  } catch {
    // A failed customer call leaves the customer empty (SPEC.md §8): the default logo still shows.
    return null;
  }
}

export default async function GuestLayout({ children }: { children: ReactNode }) {
  const customer = await loadCustomer();
  return (
    <AuthLayout logoUrl={customerLogoUrl(customer)} customerName={customer?.name ?? null}>
      {children}
    </AuthLayout>
  );
}
