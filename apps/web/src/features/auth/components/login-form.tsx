import { FAILURE_TOASTS, SUCCESS_TOASTS, UI_TEXTS, loginLockedMessage, routeByName } from '@linkup/contract';
import { Button } from '@/components/button';
import { PasswordInput } from '@/components/password-input';
import { TextInput } from '@/components/text-input';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { placeFailure } from '@/lib/form-errors';
import { useLogin } from '@/features/auth/api/login';
import { loginCredentials } from '@/features/auth/utils/login-credentials';
import { REDIRECT_PARAM, postLoginPath } from '@/features/auth/utils/redirect';
import { whatsappLoginPath } from '@/features/auth/utils/login-method';
import { isApiClientError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

interface FieldErrors {
  identifier?: string;
  password?: string;
}

export const LOGIN_FORM_TEXTS = { whatsapp: 'Continue with WhatsApp', reset: 'Reset password' } as const;

/** A lock-out says how long (from `details.retry_after`, issue 32), never the server's English. */
const LOCK_FALLBACK_SECONDS = 15 * 60;

/** The fields a sign-in 422 can name, all shown by this form (the identifier is e-mail or mobile). */
const LOGIN_FIELDS = ['email', 'mobile', 'password'];

/** Password sign-in with an e-mail address or a mobile number (spec §5, §7). */
export function LoginForm() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [searchParams] = useSearchParams();
  const login = useLogin();
  // The server ended this device's session (sign-out elsewhere, a password change): say so (issue 17).
  const signedOutHere = useSessionStore((s) => s.signOutReason === 'expired');
  const ids = { identifier: useId(), password: useId(), error: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!identifier.trim()) missing.identifier = 'Enter your e-mail address or mobile number.';
    if (!password) missing.password = 'Enter your password.';
    setFieldErrors(missing);
    setFormError(null);
    setLocked(false);
    if (missing.identifier || missing.password) return;

    try {
      const session = await login.mutateAsync(loginCredentials(identifier, password));
      toast.success(SUCCESS_TOASTS.loginSuccess);
      useSessionStore.getState().signIn(session, postLoginPath(session.user, searchParams.get(REDIRECT_PARAM)));
    } catch (error) {
      if (isApiClientError(error) && error.code === 'login_locked') {
        // One message, in place (issue 32): how long, and the ways in that still work.
        setLocked(true);
        setFormError(loginLockedMessage((error.details?.retry_after ?? LOCK_FALLBACK_SECONDS) / 60));
        return;
      }
      // One message in place (issue 32 item 16): beside the fields, else 'Login failed' and why.
      const failure = placeFailure<'email' | 'mobile' | 'password'>(error, FAILURE_TOASTS.login, { shows: (field) => LOGIN_FIELDS.includes(field), serverWords: true });
      setFormError(failure.alert);
      setFieldErrors({ identifier: failure.fields.email ?? failure.fields.mobile, password: failure.fields.password });
    }
  }

  return (
    <form className="auth-form" aria-label="Sign in" onSubmit={handleSubmit} noValidate aria-describedby={formError ? ids.error : undefined}>
      {signedOutHere && !formError && (
        <p className="form-notice" role="status">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{UI_TEXTS.signedOutHere}</span>
        </p>
      )}
      {formError && (
        <div id={ids.error} className="form-alert" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>
            {formError}
            {locked && (
              <>
                {' '}
                <Link to={whatsappLoginPath(searchParams.get(REDIRECT_PARAM))} className="text-link">{LOGIN_FORM_TEXTS.whatsapp}</Link>
                {' · '}
                <Link to={routeByName('auth.forgot-password').path} className="text-link">{LOGIN_FORM_TEXTS.reset}</Link>
              </>
            )}
          </span>
        </div>
      )}

      <div className="field">
        <label htmlFor={ids.identifier}>Email or mobile</label>
        <span className="input-with-icon field-control">
          <i className="pi pi-user" aria-hidden="true" />
          <TextInput
            id={ids.identifier}
            name="identifier"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            invalid={Boolean(fieldErrors.identifier)}
            aria-invalid={Boolean(fieldErrors.identifier)}
            aria-describedby={fieldErrors.identifier ? `${ids.identifier}-error` : undefined}
          />
        </span>
        {fieldErrors.identifier && (
          <small id={`${ids.identifier}-error`} className="field-error">{fieldErrors.identifier}</small>
        )}
      </div>

      <div className="field">
        <div className="field-label-row">
          <label htmlFor={ids.password}>Password</label>
          <Link to={routeByName('auth.forgot-password').path} className="text-link small">Forgot password?</Link>
        </div>
        <PasswordInput
          id={ids.password}
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={fieldErrors.password}
        />
        {fieldErrors.password && (
          <small id={`${ids.password}-error`} className="field-error">{fieldErrors.password}</small>
        )}
      </div>

      <Button type="submit" label="Sign In" className="btn-primary" loading={login.isPending} />
    </form>
  );
}
