'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { firstError, type FieldErrors } from '@/lib/api/fetcher';

const FormErrorsContext = createContext<FieldErrors>({});

/** Hands a form's server errors to every field inside it, so each shows its own first message. */
export function FormErrors({ value, children }: { value: FieldErrors; children: ReactNode }) {
  return <FormErrorsContext.Provider value={value}>{children}</FormErrorsContext.Provider>;
}

/** The surrounding form's errors, for a piece that shows them its own way (a slideshow's images). */
export function useFormErrors(): FieldErrors {
  return useContext(FormErrorsContext);
}

/**
 * The first message for the first of `names` that has one, from the surrounding form (SPEC.md §8),
 * unless `explicit` is given (an empty string shows none).
 */
export function useFieldError(names: string | readonly string[], explicit?: string): string | undefined {
  const errors = useContext(FormErrorsContext);
  if (explicit !== undefined) return explicit || undefined;
  for (const name of typeof names === 'string' ? [names] : names) {
    const message = firstError(errors, name);
    if (message) return message;
  }
  return undefined;
}
