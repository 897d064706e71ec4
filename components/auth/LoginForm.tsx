'use client';

import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { login } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { hu } from '@/lib/i18n/hu';
import { canSubmitLogin } from '@/lib/ui/validation';
import { FieldError } from '@/components/ui/FieldError';
import styles from './AuthForm.module.scss';

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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const enabled = !hydrated || canSubmitLogin(email, password, loading);

  async function submit() {
    if (!canSubmitLogin(email, password, loading)) return;
    setLoading(true);
    setErrors({});
    try {
      await login(email, password, remember);
      onSuccess();
    } catch (error) {
      setErrors(errorsFrom(error, hu.auth.genericError));
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

  const emailError = firstError(errors, 'email');
  const passwordError = firstError(errors, 'password');
  const rememberError = firstError(errors, 'remember');
  const generalError = firstError(errors, '_general');

  return (
    <form
      className={styles.form}
      method="post"
      action="/auth/login"
      onSubmit={onSubmit}
      noValidate
      aria-busy={loading}
    >
      {generalError ? (
        <p className={styles.alert} role="alert">
          {generalError}
        </p>
      ) : null}
      <div className={styles.field}>
        <label className={styles.label} htmlFor="login-email">
          {hu.auth.emailLabel}
        </label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          className={styles.input}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'login-email-error' : undefined}
          autoFocus
        />
        <FieldError id="login-email-error" message={emailError} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="login-password">
          {hu.auth.passwordLabel}
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          className={styles.input}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
        />
        <FieldError id="login-password-error" message={passwordError} />
      </div>
      <div className={styles.checkboxRow}>
        <label className={styles.checkboxLabel} htmlFor="login-remember">
          <input
            id="login-remember"
            name="remember"
            type="checkbox"
            value="1"
            className={styles.checkbox}
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            onKeyDown={onKeyDown}
            aria-describedby={rememberError ? 'login-remember-error' : undefined}
          />
          {hu.auth.rememberLabel}
        </label>
        <FieldError id="login-remember-error" message={rememberError} />
      </div>
      <button type="submit" className={styles.submit} disabled={!enabled}>
        {hu.auth.loginButton}
      </button>
      <div className={styles.links}>
        <a href="/forgot" className={styles.link}>
          {hu.auth.forgotLink}
        </a>
      </div>
    </form>
  );
}
