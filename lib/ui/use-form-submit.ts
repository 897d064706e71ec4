'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsFrom, type FieldErrors } from '@/lib/api/fetcher';
import { form as huForm } from '@/lib/i18n/hu/form';

const hu = { form: huForm };

export interface FormSubmit {
  /** The last failure's field errors (`{}` before a submit and after a success). */
  errors: FieldErrors;
  busy: boolean;
  /** Runs the action once at a time; resolves true on success, false when it failed or was aborted. */
  submit: () => Promise<boolean>;
  /** Cancels the action in flight (its signal aborts); nothing is shown for it. */
  abort: () => void;
  clearErrors: () => void;
  /** Drops one field's error: the user is changing that field. */
  clearError: (field: string) => void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The submit of every form: one call at a time, its signal, and the thrown BrowserApiError's per-field
 * errors (any other failure becomes `_general`).
 */
export function useFormSubmit(
  action: (signal: AbortSignal) => Promise<void>,
  fallbackMessage: string = hu.form.failed,
): FormSubmit {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const submit = useCallback(async () => {
    if (controller.current) return false;
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    try {
      await latest.current(current.signal);
      if (current.signal.aborted) return false;
      setErrors({});
      return true;
    } catch (error) {
      if (!current.signal.aborted && !isAbort(error)) setErrors(errorsFrom(error, fallbackMessage));
      return false;
    } finally {
      controller.current = null;
      setBusy(false);
    }
  }, [fallbackMessage]);

  const abort = useCallback(() => controller.current?.abort(), []);
  const clearErrors = useCallback(() => setErrors({}), []);
  const clearError = useCallback(
    (field: string) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _dropped, ...rest } = current;
        return rest;
      }),
    [],
  );
  return { errors, busy, submit, abort, clearErrors, clearError };
}
