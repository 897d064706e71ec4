import type { Metadata } from 'next';
import { ForgotForm } from '@/components/auth/ForgotForm';
import { auth as huAuth } from '@/lib/i18n/hu/auth';

const hu = { auth: huAuth };

export const metadata: Metadata = { title: hu.auth.forgotTitle };

export default function ForgotPage() {
  return <ForgotForm />;
}
