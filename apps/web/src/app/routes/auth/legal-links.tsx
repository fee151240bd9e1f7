import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';

/**
 * The public privacy policy and terms, under the sign-in and sign-up forms (issue #34): readable
 * before an account exists, as the app stores require.
 */
export function LegalLinks() {
  return (
    <nav className="auth-legal" aria-label="Legal">
      <Link to={routeByName('legal.terms').path} className="text-link">{routeByName('legal.terms').title}</Link>
      <Link to={routeByName('legal.privacy').path} className="text-link">{routeByName('legal.privacy').title}</Link>
    </nav>
  );
}
