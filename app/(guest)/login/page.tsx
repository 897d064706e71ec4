import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/LoginForm';
import type { FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { form as huForm } from '@/lib/i18n/hu/form';
import styles from '@/components/auth/AuthForm.module.scss';

const hu = { auth: huAuth, form: huForm };

export const metadata: Metadata = { title: hu.auth.loginTitle };

type SearchParams = Promise<{ error?: string | string[]; email?: string | string[] }>;

/** The errors of a login the browser posted by itself (see lib/bff/native-form.ts), by code. */
function errorsFromCode(code: string | undefined): FieldErrors {
  if (code === 'credentials') return { email: [hu.auth.loginFailed] };
  if (code === 'throttled') return { email: [hu.auth.loginThrottled] };
  if (code) return { _general: [hu.form.failed] };
  return {};
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <>
      <h1 className={styles.title}>{hu.auth.loginTitle}</h1>
      <LoginForm initialEmail={first(params.email) ?? ''} initialErrors={errorsFromCode(first(params.error))} />
    </>
  );
}
