'use client';

import { useState, type FormEvent } from 'react';
import type { ResetStatus } from '@/contracts';
import { resetPassword } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { hu } from '@/lib/i18n/hu';
import { canSubmitReset } from '@/lib/ui/validation';
import { FieldError } from '@/components/ui/FieldError';
import styles from './AuthForm.module.scss';

export function ResetForm({ token, initialEmail }: { token: string; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<ResetStatus | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitReset(password, confirmation, loading)) return;
    setLoading(true);
    setErrors({});
    try {
      setStatus(await resetPassword({ token, email, password, password_confirmation: confirmation }));
    } catch (error) {
      setErrors(errorsFrom(error, hu.auth.genericError));
    } finally {
      setLoading(false);
    }
  }

  if (status === 'passwords.reset') {
    return (
      <div>
        <h1 className={styles.title}>{hu.auth.resetTitle}</h1>
        <p className={styles.message} role="status">
          {hu.auth.resetSuccess}
        </p>
        <a href="/login" className={styles.submit}>
          {hu.auth.loginButton}
        </a>
      </div>
    );
  }

  if (status === 'passwords.token') {
    return (
      <div>
        <h1 className={styles.title}>{hu.auth.resetTitle}</h1>
        <p className={styles.messageError} role="alert">
          {hu.auth.resetInvalid}
        </p>
        <a href="/forgot" className={styles.secondaryButton}>
          {hu.auth.resetNewLink}
        </a>
      </div>
    );
  }

  const emailError = firstError(errors, 'email');
  const passwordError = firstError(errors, 'password');
  const confirmationError = firstError(errors, 'password_confirmation');
  const generalError = firstError(errors, '_general');

  return (
    <div>
      <h1 className={styles.title}>{hu.auth.resetTitle}</h1>
      <p className={styles.intro}>{hu.auth.resetIntro}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
        {generalError ? (
          <p className={styles.alert} role="alert">
            {generalError}
          </p>
        ) : null}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="reset-email">
            {hu.auth.emailLabel}
          </label>
          <input
            id="reset-email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            className={styles.input}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'reset-email-error' : undefined}
          />
          <FieldError id="reset-email-error" message={emailError} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="reset-password">
            {hu.auth.newPasswordLabel}
          </label>
          <input
            id="reset-password"
            name="password"
            type="password"
            autoComplete="new-password"
            className={styles.input}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'reset-password-error' : undefined}
            autoFocus={initialEmail !== ''}
          />
          <FieldError id="reset-password-error" message={passwordError} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="reset-password-confirmation">
            {hu.auth.passwordConfirmationLabel}
          </label>
          <input
            id="reset-password-confirmation"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            className={styles.input}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            aria-invalid={confirmationError ? true : undefined}
            aria-describedby={confirmationError ? 'reset-password-confirmation-error' : undefined}
          />
          <FieldError id="reset-password-confirmation-error" message={confirmationError} />
        </div>
        <button
          type="submit"
          className={styles.submit}
          disabled={!canSubmitReset(password, confirmation, loading)}
        >
          {hu.auth.resetButton}
        </button>
      </form>
    </div>
  );
}
