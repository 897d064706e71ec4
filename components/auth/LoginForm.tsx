'use client';

import Link from 'next/link';
import { useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { login } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { form as huForm } from '@/lib/i18n/hu/form';
import { canSubmitLogin } from '@/lib/ui/validation';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { CheckboxField, TextField } from '@/components/ui/TextField';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth, form: huForm };

/** Nothing to listen to: only the server render and the hydrated client differ. */
const noSubscription = () => () => {};

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
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  // Until the script runs the form is a plain HTML form posting to the BFF (a weak PC may take a
  // while to hydrate), so the button stays usable then; afterwards the SPEC's length rule applies.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const enabled = !hydrated || canSubmitLogin(email, password, loading);

  async function submit() {
    if (!canSubmitLogin(email, password, loading)) return;
    setLoading(true);
    setErrors({});
    try {
      await login(email, password, remember);
      onSuccess();
    } catch (error) {
      setErrors(errorsFrom(error, hu.form.failed));
      setLoading(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  // Enter follows the same rule as the button, in every browser (implicit submission varies).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  }

  return (
    <form className={styles.form} method="post" action="/auth/login" onSubmit={onSubmit} noValidate aria-busy={loading}>
      <FormAlert>{firstError(errors, '_general')}</FormAlert>
      <FormErrors value={errors}>
        <TextField
          id="login-email"
          name="email"
          label={hu.auth.emailLabel}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={onKeyDown}
          autoFocus
        />
        <TextField
          id="login-password"
          name="password"
          label={hu.auth.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
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
      </FormErrors>
      <button type="submit" className={styles.submit} disabled={!enabled}>
        {hu.auth.loginButton}
      </button>
      <div className={styles.links}>
        <Link href="/forgot" className={styles.link}>
          {hu.auth.forgotLink}
        </Link>
      </div>
    </form>
  );
}
