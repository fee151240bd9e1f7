import { AUTH_MESSAGES, DEFAULT_AUTHED_PATH, FRIENDLY_MESSAGES, LOGIN_PATH } from '@linkup/contract';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useResendVerificationEmail } from '@/features/auth/api/resend-verification-email';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { isApiClientError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

const INCOMPLETE_LINK = 'This verification link is incomplete. Please open the full link from the e-mail.';

/**
 * Opens the link from the verification e-mail: calls the API once (React StrictMode mounts twice
 * in development; a ref keeps it to one call per token), then shows the result. Works signed in
 * or out; a signed-in member's stored user is updated, and on failure can ask for a new link.
 */
export function EmailVerification({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const startedFor = useRef<string | null>(null);
  const signedIn = useSessionStore((s) => s.token !== null);

  useEffect(() => {
    if (!token || startedFor.current === token) return;
    startedFor.current = token;
    verify.mutate(token, {
      onSuccess: ({ user }) => {
        const { user: current, updateUser } = useSessionStore.getState();
        if (current && current.id === user.id) updateUser({ ...current, ...user });
      },
    });
  }, [token, verify]);

  if (!token) return <VerificationFailed message={INCOMPLETE_LINK} signedIn={signedIn} />;

  if (verify.isSuccess) {
    return (
      <div className="auth-result" role="status">
        <span className="auth-result-icon is-success" aria-hidden="true"><i className="pi pi-check" /></span>
        <p className="auth-result-message">{verify.data.message ?? AUTH_MESSAGES.emailVerified}</p>
        <Link to={signedIn ? DEFAULT_AUTHED_PATH : LOGIN_PATH} className="btn-link-primary">Continue</Link>
      </div>
    );
  }

  if (verify.isError) {
    const { error } = verify;
    const message = isApiClientError(error) ? (error.serverMessage ?? error.message) : AUTH_MESSAGES.verifyInvalid;
    return <VerificationFailed message={message} signedIn={signedIn} />;
  }

  return (
    <div className="auth-result" aria-busy="true">
      <Spinner size={48} label="Verifying" />
      <p className="auth-result-message">Verifying your e-mail address…</p>
    </div>
  );
}

function VerificationFailed({ message, signedIn }: { message: string; signedIn: boolean }) {
  const resend = useResendVerificationEmail();

  async function handleResend() {
    try {
      toast.success((await resend.mutateAsync()) ?? AUTH_MESSAGES.verificationSent);
    } catch (error) {
      toast.error(isApiClientError(error) ? (error.serverMessage ?? error.message) : FRIENDLY_MESSAGES.fallback);
    }
  }

  return (
    <div className="auth-result">
      <span className="auth-result-icon is-error" aria-hidden="true"><i className="pi pi-times" /></span>
      <p className="auth-result-message" role="alert">{message}</p>
      {signedIn ? (
        <>
          <Button
            type="button"
            label="Resend verification e-mail"
            icon="pi pi-envelope"
            className="btn-primary btn-inline"
            onClick={handleResend}
            loading={resend.isPending}
            disabled={resend.isSuccess}
          />
          <Link to={DEFAULT_AUTHED_PATH} className="text-link">Go to home</Link>
        </>
      ) : (
        <>
          <p className="auth-note">Sign in to ask for a new verification link.</p>
          <Link to={LOGIN_PATH} className="btn-link-primary">Sign in</Link>
        </>
      )}
    </div>
  );
}
