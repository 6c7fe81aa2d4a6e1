import { useT } from '../i18n';
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** A labelled form field with its error under it, tied together for assistive technology. */
export function Field({ label, error, children }: { label: string; error?: string | null; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`p-field${error ? ' p-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, ...(error ? { 'aria-describedby': errorId } : {}) })}
      {error ? <div id={errorId} className="p-error">{error}</div> : null}
    </div>
  );
}

export function TextInput({ label, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }) {
  return <Field label={label} error={error}>{(props) => <input className="p-input" {...rest} {...props} />}</Field>;
}

export function TextArea({ label, error, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }) {
  return <Field label={label} error={error}>{(props) => <textarea className="p-input" rows={4} {...rest} {...props} />}</Field>;
}

/** An on/off switch (role switch) with its label beside it. */
export function Switch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (next: boolean) => void }) {
  return (
    <button type="button" role="switch" aria-checked={checked} disabled={disabled} className="p-switch-row" onClick={() => onChange(!checked)}>
      <span>{label}</span>
      <span className={`p-switch${checked ? ' p-switch-on' : ''}`} aria-hidden="true"><span /></span>
    </button>
  );
}

export function Loading() {
  const { t } = useT();
  return <div className="p-muted p-center" role="status"><span className="p-spinner" aria-hidden="true" /> {t('common.loading')}</div>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="p-empty">{children}</p>;
}

export function ErrorLine({ message, onRetry, retryText }: { message: string; onRetry?: () => void; retryText: string }) {
  return (
    <div className="p-alert p-alert-error" role="alert">
      <span>{message}</span>
      {onRetry ? <button type="button" className="p-link" onClick={onRetry}>{retryText}</button> : null}
    </div>
  );
}
