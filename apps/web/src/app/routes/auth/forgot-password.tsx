import { routeByName } from '@linkup/contract';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { pageCopy } from '@/app/routes/page-copy';

/** /auth/forgot-password — 'Reset Password': asks for a reset link by e-mail or WhatsApp. */
export function ForgotPasswordRoute() {
  return (
    <div className="auth-page">
      <span className="auth-intro-icon" aria-hidden="true"><i className="pi pi-key" /></span>
      <h1 className="auth-title">{routeByName('auth.forgot-password').title}</h1>
      <p className="auth-subtitle">{pageCopy('auth.forgot-password').description}</p>
      <ForgotPasswordForm />
    </div>
  );
}
