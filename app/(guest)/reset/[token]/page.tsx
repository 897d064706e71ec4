import type { Metadata } from 'next';
import { ResetForm } from '@/components/auth/ResetForm';
import { auth as huAuth } from '@/lib/i18n/hu/auth';

const hu = { auth: huAuth };

export const metadata: Metadata = { title: hu.auth.resetTitle };

export default async function ResetPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { email } = await searchParams;
  return <ResetForm token={token} initialEmail={typeof email === 'string' ? email : ''} />;
}
