import { DEFAULT_AUTHED_PATH, LOGIN_PATH, routeByName, type RouteName } from '@linkup/contract';
import { Link } from 'react-router';
import { pageCopy } from '@/app/routes/page-copy';
import { PageHeader } from '@/components/page-header';

/** A page showing its title and what it is for; its own screen replaces it in a later issue. */
export function InfoPage({ name }: { name: RouteName }) {
  const route = routeByName(name);
  const copy = pageCopy(name);

  if (route.group === 'auth') {
    const signedInPage = route.requiresAuth;
    return (
      <div className="auth-intro">
        <span className="auth-intro-icon" aria-hidden="true"><i className={`pi ${copy.icon}`} /></span>
        <h1 className="auth-title">{route.title}</h1>
        <p className="auth-subtitle">{copy.description}</p>
        <Link to={signedInPage ? DEFAULT_AUTHED_PATH : LOGIN_PATH} className="btn-link-primary">
          {signedInPage ? 'Go to home' : 'Back to sign in'}
        </Link>
      </div>
    );
  }

  return (
    <section className="info-page">
      <PageHeader title={route.title} />
      <div className="info-card">
        <span className="info-card-icon" aria-hidden="true"><i className={`pi ${copy.icon}`} /></span>
        <p className="info-card-text">{copy.description}</p>
      </div>
    </section>
  );
}
