import { SUBSCRIPTION_PATH, UI_TEXTS } from '@linkup/contract';
import { Link } from 'react-router';
import { platform } from '@/platform/platform';

/** 'Upgrade to Premium' card at the top of the More screen (spec §2); none where premium is not for sale. */
export function PremiumBanner() {
  if (!platform.sellsPremium) return null;
  return (
    <Link to={SUBSCRIPTION_PATH} className="premium-banner">
      <span className="premium-banner-icon" aria-hidden="true">
        <i className="pi pi-crown" />
      </span>
      <span className="premium-banner-text">
        <strong className="premium-banner-title">{UI_TEXTS.more.upgradeTitle}</strong>
        <span className="premium-banner-body">{UI_TEXTS.more.upgradeBody}</span>
      </span>
      <i className="pi pi-chevron-right premium-banner-chevron" aria-hidden="true" />
    </Link>
  );
}
