import type { Metadata } from 'next';
import { ForgotForm } from '@/components/auth/ForgotForm';
import * as hu from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.auth.forgotTitle };

export default function ForgotPage() {
  return <ForgotForm />;
}
