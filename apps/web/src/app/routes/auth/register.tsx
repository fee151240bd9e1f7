import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { whatsappLoginPath } from '@/features/auth/utils/login-method';
import { LegalLinks } from '@/app/routes/auth/legal-links';
import { useSecondsUntil } from '@/lib/use-countdown';

export const REGISTER_PAGE_TEXTS = {
  intro: 'Create your account in a minute, then set up your profile.',
  phoneIntro: 'Your number is verified. A few details and you are in; then set up your profile.',
  continueWithWhatsApp: 'Continue with WhatsApp',
} as const;

/**
 * /auth/register — 'Join LinkUp': e-mail and password, or — after a new number's WhatsApp code —
 * the short phone sign-up (issue 32), while its token lives.
 */
export function RegisterRoute() {
  const signup = useOtpStore((s) => s.signup);
  const secondsLeft = useSecondsUntil(signup?.signup_expires_at ?? null);
  const live = signup && (secondsLeft ?? 0) > 0 ? signup : undefined;
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('auth.register').title}</h1>
      <p className="auth-subtitle">{live ? REGISTER_PAGE_TEXTS.phoneIntro : REGISTER_PAGE_TEXTS.intro}</p>
      <RegisterForm key={live?.signup_token ?? 'email'} {...(live ? { signup: live } : {})} />
      {!live && (
        <>
          <div className="auth-divider" role="presentation"><span>or</span></div>
          <Link to={whatsappLoginPath()} className="btn-outline btn-outline--whatsapp">
            <i className="pi pi-whatsapp" aria-hidden="true" />
            {REGISTER_PAGE_TEXTS.continueWithWhatsApp}
          </Link>
        </>
      )}
      <LegalLinks />
    </div>
  );
}
