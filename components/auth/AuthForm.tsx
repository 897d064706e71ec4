'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { errorsFrom, firstError, type FieldErrors } from '@/lib/api/fetcher';
import { auth as huAuth } from '@/lib/i18n/hu/auth';
import { form as huForm } from '@/lib/i18n/hu/form';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { TextField } from '@/components/ui/TextField';
import styles from './AuthForm.module.scss';

const hu = { auth: huAuth, form: huForm };

/**
 * The busy flag and the field errors of a guest page's form. `run` clears the errors, calls the
 * server and puts a refusal's errors under the fields (anything else: the general 'failed' line).
 * `staysBusy`: a success leaves the page (the login), so the button stays disabled until it has.
 */
export function useAuthSubmit(initialErrors: FieldErrors = {}) {
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);

  async function run(call: () => Promise<void>, { staysBusy = false } = {}) {
    setLoading(true);
    setErrors({});
    try {
      await call();
      if (!staysBusy) setLoading(false);
    } catch (error) {
      setErrors(errorsFrom(error, hu.form.failed));
      setLoading(false);
    }
  }

  return { loading, errors, run };
}

/** A guest page's heading, its optional intro, then the form or the outcome. */
export function AuthPanel({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div>
      <h1 className={styles.title}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </div>
  );
}

interface FormProps {
  loading: boolean;
  errors: FieldErrors;
  /** Called on submit (the browser's own submission is prevented). */
  onSubmit: () => void;
  submitLabel: string;
  canSubmit: boolean;
  /** The plain HTML form's target, for a login before the script has run. */
  method?: 'post';
  action?: string;
  /** The links under the button. */
  links?: ReactNode;
  children: ReactNode;
}

/** A guest page's form: the general error, the fields (each showing its own error), submit, links. */
export function AuthForm({
  loading,
  errors,
  onSubmit,
  submitLabel,
  canSubmit,
  method,
  action,
  links,
  children,
}: FormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className={styles.form} method={method} action={action} onSubmit={submit} noValidate aria-busy={loading}>
      <FormAlert>{firstError(errors, '_general')}</FormAlert>
      <FormErrors value={errors}>{children}</FormErrors>
      <button type="submit" className={styles.submit} disabled={!canSubmit}>
        {submitLabel}
      </button>
      {links && <div className={styles.links}>{links}</div>}
    </form>
  );
}

type InputProps = Omit<Parameters<typeof TextField>[0], 'name' | 'label' | 'type' | 'onChange' | 'value'>;

interface ValueProps {
  value: string;
  onValue: (value: string) => void;
}

/** The e-mail address of a guest form. */
export function EmailField({ value, onValue, autoComplete = 'username', ...rest }: InputProps & ValueProps) {
  return (
    <TextField
      name="email"
      label={hu.auth.emailLabel}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...rest}
    />
  );
}

/** A password of a guest form (the current one, a new one, or its confirmation). */
export function PasswordField({
  name = 'password',
  label,
  value,
  onValue,
  ...rest
}: InputProps & ValueProps & { name?: string; label: string }) {
  return (
    <TextField
      name={name}
      label={label}
      type="password"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...rest}
    />
  );
}
