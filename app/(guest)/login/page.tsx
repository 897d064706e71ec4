import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/LoginForm';
import { hu } from '@/lib/i18n/hu';
import styles from '@/components/auth/AuthForm.module.scss';

export const metadata: Metadata = { title: hu.auth.loginTitle };

export default function LoginPage() {
  return (
    <>
      <h1 className={styles.title}>{hu.auth.loginTitle}</h1>
      <LoginForm />
    </>
  );
}
