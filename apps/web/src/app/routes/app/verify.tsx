import { routeByName } from '@linkup/contract';
import { VerifyScreen } from '@/features/verification/components/verify-screen';

const paths = {
  profile: routeByName('app.profile').path,
  photos: routeByName('app.profile.photos').path,
  contact: routeByName('app.help.contact').path,
};

/** /app/verify — "Verify your profile": consent, the camera with a pose challenge, the result (issue 31). */
export function VerifyRoute() {
  return <VerifyScreen title={routeByName('app.verify').title} paths={paths} />;
}
