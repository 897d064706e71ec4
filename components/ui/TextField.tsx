'use client';

import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { FieldError } from './FieldError';
import { useFieldError } from './form-errors';
import styles from './TextField.module.scss';

/** What a control inside a `Field` needs to be wired to its label and its error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The form field name; the error shown is `errors[name][0]` of the surrounding `FormErrors`. */
  name: string;
  label: ReactNode;
  /** Overrides the error from the surrounding form (an empty string shows none). */
  error?: string;
  /** The error names to read, first found wins; default `[name]` (e.g. `['slideshow_id', 'slideshow']`). */
  errorKeys?: readonly string[];
  id?: string;
  /** A line under the label that the control is described by (e.g. a rule). */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

function joinIds(...ids: (string | undefined)[]): string | undefined {
  const out = ids.filter(Boolean).join(' ');
  return out === '' ? undefined : out;
}

/**
 * The one label + control + first-error block: the control gets `aria-invalid` and is described by
 * its error (and hint), which is announced when it appears.
 */
export function Field({ name, label, error, errorKeys, id, hint, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-${name}`;
  const message = useFieldError(errorKeys ?? name, error);
  const errorId = `${controlId}-error`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': joinIds(hintId, message ? errorId : undefined),
      })}
      <FieldError id={errorId} message={message} />
    </div>
  );
}

type Common = Omit<FieldProps, 'children'>;

/** Splits a field's own props from the control's. */
function split<P extends Common>({ name, label, error, errorKeys, id, hint, className, ...control }: P) {
  return [{ name, label, error, errorKeys, id, hint, className }, control] as const;
}

/** A labelled text input with its error (e-mail, password, a name…). */
export function TextField(props: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'>) {
  const [field, input] = split(props);
  return (
    <Field {...field}>
      {(control) => <input {...input} {...control} name={field.name} className={styles.input} />}
    </Field>
  );
}

/** A labelled multi-line text with its error (a description, a request). */
export function TextAreaField(
  props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>,
) {
  const [field, textarea] = split(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea {...textarea} {...control} name={field.name} className={`${styles.input} ${styles.textarea}`} />
      )}
    </Field>
  );
}

/** A labelled select with its error (a default slideshow, a frequency…). */
export function SelectField(
  props: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'>,
) {
  const [field, select] = split(props);
  return (
    <Field {...field}>
      {(control) => (
        <select {...select} {...control} name={field.name} className={`${styles.input} ${styles.select}`} />
      )}
    </Field>
  );
}

/** A checkbox with its label beside it and its error below ('Emlékezzen rám'). */
export function CheckboxField({
  name,
  label,
  error,
  errorKeys,
  id,
  className,
  ...input
}: Omit<Common, 'hint'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className' | 'type'>) {
  const generated = useId();
  const controlId = id ?? `${generated}-${name}`;
  const message = useFieldError(errorKeys ?? name, error);
  const errorId = `${controlId}-error`;
  return (
    <div className={className ? `${styles.checkboxRow} ${className}` : styles.checkboxRow}>
      <label className={styles.checkboxLabel} htmlFor={controlId}>
        <input
          {...input}
          id={controlId}
          name={name}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        {label}
      </label>
      <FieldError id={errorId} message={message} />
    </div>
  );
}
