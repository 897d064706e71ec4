'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import type { ResetStatus } from '@/contracts';
import { resetPassword } from '@/lib/api/auth';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { form as huForm } from '@/lib/i18n/hu/form';
import { canSubmitReset } from '@/lib/ui/validation';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { TextField } from '@/components/ui/TextField';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth, form: huForm };

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
      setErrors(errorsFrom(error, hu.form.failed));
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
        <Link href="/login" className={styles.submit}>
          {hu.auth.loginButton}
        </Link>
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
        <Link href="/forgot" className={styles.secondaryButton}>
          {hu.auth.resetNewLink}
        </Link>
      </div>
    );
  }

  return (
    <div>
      <h1 className={styles.title}>{hu.auth.resetTitle}</h1>
      <p className={styles.intro}>{hu.auth.resetIntro}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
        <FormAlert>{firstError(errors, '_general')}</FormAlert>
        <FormErrors value={errors}>
          <TextField
            id="reset-email"
            name="email"
            label={hu.auth.emailLabel}
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            id="reset-password"
            name="password"
            label={hu.auth.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus={initialEmail !== ''}
          />
          <TextField
            id="reset-password-confirmation"
            name="password_confirmation"
            label={hu.auth.passwordConfirmationLabel}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </FormErrors>
        <button type="submit" className={styles.submit} disabled={!canSubmitReset(password, confirmation, loading)}>
          {hu.auth.resetButton}
        </button>
      </form>
    </div>
  );
}
