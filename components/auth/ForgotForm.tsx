'use client';

import Link from 'next/link';
import { useState } from 'react';
import { sendPasswordResetLink } from '@/lib/api/auth';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { canSubmitForgot } from '@/lib/ui/validation';
import { AuthForm, AuthPanel, EmailField, useAuthSubmit } from './AuthForm';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth };

export function ForgotForm() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { loading, errors, run } = useAuthSubmit();

  function onSubmit() {
    if (!canSubmitForgot(email, loading)) return;
    void run(async () => {
      await sendPasswordResetLink(email);
      setSubmitted(true);
    });
  }

  if (submitted) {
    return (
      <AuthPanel title={hu.auth.forgotTitle}>
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
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={hu.auth.forgotTitle} intro={hu.auth.forgotIntro}>
      <AuthForm
        loading={loading}
        errors={errors}
        onSubmit={onSubmit}
        submitLabel={hu.auth.forgotButton}
        canSubmit={canSubmitForgot(email, loading)}
        links={
          <Link href="/login" className={styles.link}>
            {hu.auth.backToLogin}
          </Link>
        }
      >
        <EmailField id="forgot-email" autoComplete="email" value={email} onValue={setEmail} autoFocus />
      </AuthForm>
    </AuthPanel>
  );
}
