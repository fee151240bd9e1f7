import { routeByName } from '@linkup/contract';
import { useSearchParams } from 'react-router';
import { IncompleteResetLink, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { pageCopy } from '@/app/routes/page-copy';
import { resetLinkParams } from '@/lib/reset-link';

/** /auth/reset-password?token=… — 'New Password' (the link carries no number, issue 32). */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const link = resetLinkParams(searchParams);

  return (
    <div className="auth-page">
      <span className="auth-intro-icon" aria-hidden="true"><i className="pi pi-lock" /></span>
      <h1 className="auth-title">{routeByName('auth.reset-password').title}</h1>
      <p className="auth-subtitle">{pageCopy('auth.reset-password').description}</p>
      {link ? <ResetPasswordForm link={link} /> : <IncompleteResetLink />}
    </div>
  );
}
