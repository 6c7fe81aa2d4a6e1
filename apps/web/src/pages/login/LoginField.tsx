import type { ReactNode } from 'react';

interface Props {
  name: string;
  label: string;
  icon: ReactNode;
  value: string;
  error?: string;
  type?: 'text' | 'password';
  maxLength?: number;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/**
 * One input of the sign-in form. Plain elements keep the sign-in page light: it loads before
 * anything else, so it does without the form library the signed-in screens use.
 */
export function LoginField({ name, label, icon, value, error, type = 'text', maxLength, onChange, children }: Props) {
  const errorId = `${name}-error`;
  return (
    <div className={`login-field${error ? ' login-field-error' : ''}`}>
      <div className="login-field-row">
        <label className="login-input">
          <span className="login-input-icon" aria-hidden>
            {icon}
          </span>
          <input
            name={name}
            type={type}
            value={value}
            placeholder={label}
            aria-label={label}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
        {children}
      </div>
      <div className="login-field-message" id={errorId} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/**
 * An input of the form as it looks before the page's scripts have run (`LoginStandIn`): the same
 * boxes, an input that takes no typing (the stand-in is inert), so nothing typed before the page
 * takes over is lost.
 */
export function LoginFieldStandIn({ label, icon, value, children }: Pick<Props, 'label' | 'icon' | 'children'> & { value?: string }) {
  return (
    <div className="login-field">
      <div className="login-field-row">
        <div className="login-input">
          <span className="login-input-icon">{icon}</span>
          <input readOnly tabIndex={-1} placeholder={label} {...(value ? { defaultValue: value } : {})} />
        </div>
        {children}
      </div>
      <div className="login-field-message" />
    </div>
  );
}
