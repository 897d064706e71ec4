'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { ResetStatus } from '@/contracts';
import { resetPassword } from '@/lib/api/auth';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { canSubmitReset } from '@/lib/ui/validation';
import { AuthForm, AuthPanel, EmailField, PasswordField, useAuthSubmit } from './AuthForm';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth };

export function ResetForm({ token, initialEmail }: { token: string; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [status, setStatus] = useState<ResetStatus | null>(null);
  const { loading, errors, run } = useAuthSubmit();

  function onSubmit() {
    if (!canSubmitReset(password, confirmation, loading)) return;
    void run(async () => {
      setStatus(await resetPassword({ token, email, password, password_confirmation: confirmation }));
    });
  }

  if (status === 'passwords.reset') {
    return (
      <AuthPanel title={hu.auth.resetTitle}>
        <p className={styles.message} role="status">
          {hu.auth.resetSuccess}
        </p>
        <Link href="/login" className={styles.submit}>
          {hu.auth.loginButton}
        </Link>
      </AuthPanel>
    );
  }

  if (status === 'passwords.token') {
    return (
      <AuthPanel title={hu.auth.resetTitle}>
        <p className={styles.messageError} role="alert">
          {hu.auth.resetInvalid}
        </p>
        <Link href="/forgot" className={styles.secondaryButton}>
          {hu.auth.resetNewLink}
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={hu.auth.resetTitle} intro={hu.auth.resetIntro}>
      <AuthForm
        loading={loading}
        errors={errors}
        onSubmit={onSubmit}
        submitLabel={hu.auth.resetButton}
        canSubmit={canSubmitReset(password, confirmation, loading)}
      >
        <EmailField id="reset-email" value={email} onValue={setEmail} />
        <PasswordField
          id="reset-password"
          label={hu.auth.newPasswordLabel}
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          autoFocus={initialEmail !== ''}
        />
        <PasswordField
          id="reset-password-confirmation"
          name="password_confirmation"
          label={hu.auth.passwordConfirmationLabel}
          autoComplete="new-password"
          value={confirmation}
          onValue={setConfirmation}
        />
      </AuthForm>
    </AuthPanel>
  );
}
