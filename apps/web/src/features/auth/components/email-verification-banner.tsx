import { AUTH_MESSAGES, FRIENDLY_MESSAGES } from '@linkup/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { getAuthUser } from '@/features/auth/api/get-user';
import { useResendVerificationEmail } from '@/features/auth/api/resend-verification-email';
import { isApiClientError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/**
 * A quiet reminder in the app shell while the member's e-mail address is unverified, with a way
 * to get a new link. Hidden once verified, or for the rest of the visit when dismissed.
 */
export function EmailVerificationBanner() {
  const unverified = useSessionStore((s) => s.user !== null && s.user.email !== null && s.user.email_verified_at === null);
  const [dismissed, setDismissed] = useState(false);
  const resend = useResendVerificationEmail();

  if (!unverified || dismissed) return null;

  async function handleResend() {
    try {
      toast.success((await resend.mutateAsync()) ?? AUTH_MESSAGES.verificationSent);
    } catch (error) {
      if (isApiClientError(error) && error.status === 422) {
        // Verified meanwhile (e.g. on another device): say so and refresh the stored user.
        toast.info(error.serverMessage ?? AUTH_MESSAGES.emailAlreadyVerified);
        void getAuthUser()
          .then((user) => useSessionStore.getState().updateUser(user))
          .catch((refreshError: unknown) => console.warn('Could not refresh the member', refreshError));
        return;
      }
      toast.error(isApiClientError(error) ? (error.serverMessage ?? error.message) : FRIENDLY_MESSAGES.fallback);
    }
  }

  return (
    <aside className="verify-banner" aria-label="E-mail verification">
      <i className="pi pi-envelope verify-banner-icon" aria-hidden="true" />
      <p className="verify-banner-text">Please verify your e-mail address</p>
      <button type="button" className="verify-banner-action" onClick={handleResend} disabled={resend.isPending || resend.isSuccess}>
        {resend.isSuccess ? 'Link sent' : 'Resend link'}
      </button>
      <button type="button" className="verify-banner-close" aria-label="Dismiss" onClick={() => setDismissed(true)}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </aside>
  );
}
