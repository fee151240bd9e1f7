import { routeByName } from '@linkup/contract';
import { LoginForm } from '@/features/auth/components/login-form';
import { pageCopy } from '@/app/routes/page-copy';

/** /auth/login — 'Welcome Back' with the password sign-in form. */
export function LoginRoute() {
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('auth.login').title}</h1>
      <p className="auth-subtitle">{pageCopy('auth.login').description}</p>
      <LoginForm />
    </div>
  );
}
