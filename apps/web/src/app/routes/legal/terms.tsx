import { routeByName } from '@linkup/contract';
import { TermsOfService } from '@/features/help/components/legal/terms-of-service';

/** /terms — the terms of service for everyone (issue #34): the store listings and the sign-in pages link here. */
export function PublicTermsRoute() {
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('legal.terms').title}</h1>
      <TermsOfService place="public" />
    </div>
  );
}
