'use client';

import { useState, type FormEvent } from 'react';
import { sendPasswordResetLink } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { hu } from '@/lib/i18n/hu';
import { canSubmitForgot } from '@/lib/ui/validation';
import { FieldError } from '@/components/ui/FieldError';
import styles from './AuthForm.module.scss';

export function ForgotForm() {
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitForgot(email, loading)) return;
    setLoading(true);
    setErrors({});
    try {
      await sendPasswordResetLink(email);
      setSubmitted(true);
    } catch (error) {
      setErrors(errorsFrom(error, hu.auth.genericError));
    } finally {
      setLoading(false);
    }
  }

  if (submitted) {
    return (
      <div>
        <h1 className={styles.title}>{hu.auth.forgotTitle}</h1>
        <p className={styles.message} role="status">
          {hu.auth.forgotSuccess}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondaryButton} onClick={() => setSubmitted(false)}>
            {hu.auth.forgotResend}
          </button>
          <a href="/login" className={styles.link}>
            {hu.auth.backToLogin}
          </a>
        </div>
      </div>
    );
  }

  const emailError = firstError(errors, 'email');
  const generalError = firstError(errors, '_general');

  return (
    <div>
      <h1 className={styles.title}>{hu.auth.forgotTitle}</h1>
      <p className={styles.intro}>{hu.auth.forgotIntro}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
        {generalError ? (
          <p className={styles.alert} role="alert">
            {generalError}
          </p>
        ) : null}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="forgot-email">
            {hu.auth.emailLabel}
          </label>
          <input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className={styles.input}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'forgot-email-error' : undefined}
            autoFocus
          />
          <FieldError id="forgot-email-error" message={emailError} />
        </div>
        <button type="submit" className={styles.submit} disabled={!canSubmitForgot(email, loading)}>
          {hu.auth.forgotButton}
        </button>
        <div className={styles.links}>
          <a href="/login" className={styles.link}>
            {hu.auth.backToLogin}
          </a>
        </div>
      </form>
    </div>
  );
}
