import { FAILURE_TOASTS, LOGIN_PATH, SUCCESS_TOASTS } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { identifierField } from '@/features/auth/utils/login-credentials';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { placeFailure, zodFormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

const firstOf = (errors: Partial<Record<string, string>>) => errors.email ?? errors.mobile;

/**
 * Asks for a password reset link by e-mail or WhatsApp (spec §5: an identifier with @ is an
 * e-mail address). The server answers the same whether or not an account exists; its message
 * is shown (spec §7), or the catalogue's fallback.
 */
export function ForgotPasswordForm() {
  const [identifier, setIdentifier] = useState('');
  const [identifierError, setIdentifierError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();
  const id = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!identifier.trim()) {
      setIdentifierError('Enter your e-mail address or mobile number.');
      return;
    }
    const parsed = (await schemas()).ForgotPasswordBodySchema.safeParse(identifierField(identifier));
    if (!parsed.success) {
      setIdentifierError(firstOf(zodFormErrors(parsed.error)));
      return;
    }
    setIdentifierError(undefined);

    try {
      const message = (await forgotPassword.mutateAsync(parsed.data)) ?? SUCCESS_TOASTS.resetLinkSent;
      // Said once, in place of the form (not in a toast besides: issue 17).
      setSentMessage(message);
    } catch (error) {
      // One message in place (issue 32 item 16): beside the field, else the failure and why; no toast besides.
      const failure = placeFailure(error, FAILURE_TOASTS.sendResetLink, { serverWords: true });
      setFormError(failure.alert);
      setIdentifierError(firstOf(failure.fields));
    }
  }

  if (sentMessage) {
    return (
      <div className="auth-form">
        <FormMessage tone="success">{sentMessage}</FormMessage>
        <p className="auth-note">The link works once and expires soon. Check your inbox or WhatsApp, including spam.</p>
        <Link to={LOGIN_PATH} className="btn-link-primary">Back to sign in</Link>
        <button type="button" className="link-button" onClick={() => setSentMessage(null)}>
          Didn't get it? Send another link
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" aria-label="Request a password reset link" onSubmit={handleSubmit} noValidate>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <FormField id={id} label="Email or mobile" error={identifierError}>
        <span className="input-with-icon field-control">
          <i className="pi pi-user" aria-hidden="true" />
          <TextInput
            id={id}
            name="identifier"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            invalid={Boolean(identifierError)}
            {...fieldAria(id, identifierError)}
          />
        </span>
      </FormField>

      <Button type="submit" label="Send reset link" className="btn-primary" loading={forgotPassword.isPending} />

      <p className="auth-switch">
        Remembered it? <Link to={LOGIN_PATH} className="text-link">Back to sign in</Link>
      </p>
    </form>
  );
}
