import { routeByName } from '@linkup/contract';
import { Link, useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { OtpRequestForm } from '@/features/auth/components/otp-request-form';
import { LOGIN_METHOD_PARAM, loginMethod, type LoginMethod } from '@/features/auth/utils/login-method';
import { LegalLinks } from '@/app/routes/auth/legal-links';
import { pageCopy } from '@/app/routes/page-copy';

/** The query of the same page with the other sign-in way, keeping the return address. */
function searchWith(params: URLSearchParams, method: LoginMethod): string {
  const next = new URLSearchParams(params);
  if (method === 'password') next.delete(LOGIN_METHOD_PARAM);
  else next.set(LOGIN_METHOD_PARAM, method);
  const query = next.toString();
  return query ? `?${query}` : '';
}

export const LOGIN_TEXTS = {
  /** Issue 32: the number need not have an account — the code signs a member in or starts one. */
  continueWithWhatsApp: 'Continue with WhatsApp',
  whatsappIntro: "We'll send a sign-in code to your WhatsApp. New to LinkUp? The same code starts your account.",
} as const;

/**
 * /auth/login — 'Welcome Back' with two ways in (spec §1): a password, or a one-time code sent by
 * WhatsApp (`?method=whatsapp`).
 */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const method = loginMethod(searchParams.get(LOGIN_METHOD_PARAM));
  const whatsapp = method === 'whatsapp';

  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('auth.login').title}</h1>
      <p className="auth-subtitle">
        {whatsapp ? LOGIN_TEXTS.whatsappIntro : pageCopy('auth.login').description}
      </p>

      {whatsapp ? <OtpRequestForm /> : <LoginForm />}

      <div className="auth-divider" role="presentation"><span>or</span></div>

      <Link
        to={{ search: searchWith(searchParams, whatsapp ? 'password' : 'whatsapp') }}
        className={`btn-outline${whatsapp ? '' : ' btn-outline--whatsapp'}`}
      >
        <i className={`pi ${whatsapp ? 'pi-lock' : 'pi-whatsapp'}`} aria-hidden="true" />
        {whatsapp ? 'Sign in with password' : LOGIN_TEXTS.continueWithWhatsApp}
      </Link>

      <p className="auth-switch">
        New to LinkUp? <Link to={routeByName('auth.register').path} className="text-link">Create an account</Link>
      </p>
      <LegalLinks />
    </div>
  );
}
