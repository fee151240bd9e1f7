import { DEFAULT_AUTHED_PATH, routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { pageCopy } from '@/app/routes/page-copy';

/** /auth/not-allowed — 'Access Denied' (spec §2; its contents are not shown): why, and the way home. */
export function NotAllowedRoute() {
  const copy = pageCopy('auth.403');
  return (
    <div className="auth-intro">
      <span className="auth-intro-icon" aria-hidden="true"><i className={`pi ${copy.icon}`} /></span>
      <h1 className="auth-title">{routeByName('auth.403').title}</h1>
      <p className="auth-subtitle">{copy.description}</p>
      <Link to={DEFAULT_AUTHED_PATH} className="btn-link-primary">Go to home</Link>
    </div>
  );
}
