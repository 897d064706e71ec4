'use client';

import Link from 'next/link';
import { useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { login } from '@/lib/api/auth';
import type { FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { canSubmitLogin } from '@/lib/ui/validation';
import { CheckboxField } from '@/components/ui/TextField';
import { AuthForm, EmailField, PasswordField, useAuthSubmit } from './AuthForm';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth };

/** Nothing to listen to: only the server render and the hydrated client differ. */
const noSubscription = () => () => {};

/**
 * A field of the page as the server sent it, before the script ran: what a manager typed there while
 * a weak PC was still loading is taken over as the first state, not put back to empty by hydration.
 */
function fieldBefore(id: string): HTMLInputElement | null {
  return typeof document === 'undefined' ? null : (document.getElementById(id) as HTMLInputElement | null);
}

/** Where the browser goes after a login; a full navigation so every server component re-renders. */
function goHome() {
  window.location.assign('/');
}

export function LoginForm({
  onSuccess = goHome,
  initialEmail = '',
  initialErrors = {},
}: {
  onSuccess?: () => void;
  initialEmail?: string;
  initialErrors?: FieldErrors;
}) {
  const [email, setEmail] = useState(() => fieldBefore('login-email')?.value || initialEmail);
  const [password, setPassword] = useState(() => fieldBefore('login-password')?.value ?? '');
  const [remember, setRemember] = useState(() => fieldBefore('login-remember')?.checked ?? false);
  const { loading, errors, run } = useAuthSubmit(initialErrors);
  // Until the script runs the form is a plain HTML form posting to the BFF (a weak PC may take a
  // while to hydrate), so the button stays usable then; afterwards the SPEC's length rule applies.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const enabled = !hydrated || canSubmitLogin(email, password, loading);

  function submit() {
    if (!canSubmitLogin(email, password, loading)) return;
    // A login leaves the page: the button stays busy until it has.
    void run(
      async () => {
        await login(email, password, remember);
        onSuccess();
      },
      { staysBusy: true },
    );
  }

  // Enter follows the same rule as the button, in every browser (implicit submission varies).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  }

  return (
    <AuthForm
      loading={loading}
      errors={errors}
      onSubmit={submit}
      submitLabel={hu.auth.loginButton}
      canSubmit={enabled}
      method="post"
      action="/auth/login"
      links={
        <Link href="/forgot" className={styles.link}>
          {hu.auth.forgotLink}
        </Link>
      }
    >
      <EmailField id="login-email" value={email} onValue={setEmail} onKeyDown={onKeyDown} autoFocus />
      <PasswordField
        id="login-password"
        label={hu.auth.passwordLabel}
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        onKeyDown={onKeyDown}
      />
      <CheckboxField
        id="login-remember"
        name="remember"
        label={hu.auth.rememberLabel}
        value="1"
        checked={remember}
        onChange={(event) => setRemember(event.target.checked)}
        onKeyDown={onKeyDown}
      />
    </AuthForm>
  );
}
