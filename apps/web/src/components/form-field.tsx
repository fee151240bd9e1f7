import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id; its error and hint get `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row (e.g. 'Forgot password?'). */
  labelAside?: ReactNode;
  children: ReactNode;
}

/** A labelled form control with its hint and its error message right under it. */
export function FormField({ id, label, error, hint, labelAside, children }: FormFieldProps) {
  return (
    <div className="field">
      {labelAside ? (
        <div className="field-label-row">
          <label htmlFor={id}>{label}</label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children}
      {hint && !error && <small id={`${id}-hint`} className="field-hint">{hint}</small>}
      {error && <small id={`${id}-error`} className="field-error">{error}</small>}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control inside FormField. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  // FormField shows the hint only while there is no error.
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : '';
  return { 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined };
}

/** A form-level message: an error (role alert) or a confirmation (role status). */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'success'; children: ReactNode }) {
  const isError = tone === 'error';
  return (
    <div id={id} className={isError ? 'form-alert' : 'form-success'} role={isError ? 'alert' : 'status'}>
      <i className={`pi ${isError ? 'pi-exclamation-circle' : 'pi-check-circle'}`} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
