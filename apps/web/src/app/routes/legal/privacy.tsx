import { routeByName } from '@linkup/contract';
import { PrivacyPolicy } from '@/features/help/components/legal/privacy-policy';

/** /privacy — the privacy policy for everyone (issue #34): the store listings and the sign-in pages link here. */
export function PublicPrivacyRoute() {
  return (
    <div className="auth-page">
      <h1 className="auth-title">{routeByName('legal.privacy').title}</h1>
      <PrivacyPolicy place="public" />
    </div>
  );
}
