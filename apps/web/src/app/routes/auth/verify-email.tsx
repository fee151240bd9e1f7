import { routeByName } from '@linkup/contract';
import { useSearchParams } from 'react-router';
import { EmailVerification } from '@/features/auth/components/email-verification';

/** /auth/verify-email?token=… — 'Verify Email': open to everyone, signed in or not. */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('auth.verify-email').title}</h1>
      <EmailVerification token={searchParams.get('token') || null} />
    </div>
  );
}
