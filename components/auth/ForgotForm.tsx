'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { sendPasswordResetLink } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { form as huForm } from '@/lib/i18n/hu/form';
import { canSubmitForgot } from '@/lib/ui/validation';
import { FormAlert } from '@/components/ui/FormAlert';
import { TextField } from '@/components/ui/TextField';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth, form: huForm };

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
      setErrors(errorsFrom(error, hu.form.failed));
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
          <Link href="/login" className={styles.link}>
            {hu.auth.backToLogin}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <h1 className={styles.title}>{hu.auth.forgotTitle}</h1>
      <p className={styles.intro}>{hu.auth.forgotIntro}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
        <FormAlert>{firstError(errors, '_general')}</FormAlert>
        <TextField
          id="forgot-email"
          name="email"
          label={hu.auth.emailLabel}
          error={firstError(errors, 'email') ?? ''}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        <button type="submit" className={styles.submit} disabled={!canSubmitForgot(email, loading)}>
          {hu.auth.forgotButton}
        </button>
        <div className={styles.links}>
          <Link href="/login" className={styles.link}>
            {hu.auth.backToLogin}
          </Link>
        </div>
      </form>
    </div>
  );
}
