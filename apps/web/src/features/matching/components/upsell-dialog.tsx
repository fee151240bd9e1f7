import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Link } from 'react-router';
import { useUpgradePath } from '@/features/matching/hooks/use-upgrade-path';

/** What Premium adds (the server's entitlements). */
export const PREMIUM_PERKS = [
  { icon: 'pi-heart', text: 'Unlimited likes' },
  { icon: 'pi-star', text: '5 super likes a day' },
  { icon: 'pi-eye', text: 'See who likes you and who visited you' },
  { icon: 'pi-undo', text: 'Undo your last like or pass' },
  { icon: 'pi-bolt', text: 'Boost your profile once a week' },
] as const;

interface UpsellDialogProps {
  visible: boolean;
  onHide: () => void;
  /** Why the member sees this (the server's message). */
  reason: string;
}

/** A premium-only action was refused (402) or a daily limit reached: what Premium adds, and where to get it. */
export function UpsellDialog({ visible, onHide, reason }: UpsellDialogProps) {
  const upgradePath = useUpgradePath();
  return (
    <Dialog
      header="Upgrade to Premium"
      visible={visible}
      onHide={onHide}
      className="match-dialog upsell-dialog"
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      blockScroll
    >
      <p className="upsell-reason">{reason}</p>
      {upgradePath && <PremiumPerks />}
      <div className="match-dialog-actions">
        {upgradePath && (
          <Link to={upgradePath} className="btn-link-primary">
            <i className="pi pi-crown" aria-hidden="true" /> See Premium plans
          </Link>
        )}
        <Button type="button" label={upgradePath ? 'Not now' : 'OK'} className="match-button match-button--ghost" onClick={onHide} />
      </div>
    </Dialog>
  );
}

export function PremiumPerks() {
  return (
    <ul className="upsell-perks">
      {PREMIUM_PERKS.map((perk) => (
        <li key={perk.text}>
          <i className={`pi ${perk.icon}`} aria-hidden="true" /> {perk.text}
        </li>
      ))}
    </ul>
  );
}
