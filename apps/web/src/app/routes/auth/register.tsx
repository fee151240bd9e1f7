import { routeByName } from '@linkup/contract';
import { RegisterForm } from '@/features/auth/components/register-form';
import { LegalLinks } from '@/app/routes/auth/legal-links';

/** /auth/register — 'Join LinkUp'. */
export function RegisterRoute() {
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('auth.register').title}</h1>
      <p className="auth-subtitle">Create your account in a minute, then set up your profile.</p>
      <RegisterForm />
      <LegalLinks />
    </div>
  );
}
