import { Link } from 'react-router';
import { useUpgradePath } from '@/features/matching/hooks/use-upgrade-path';

interface LockedGridProps {
  /** How many blurred shapes to draw (the server says). */
  placeholders: number;
  title: string;
  text: string;
}

/**
 * What a free member sees of a premium list: neutral shapes under a blur (the server sends no
 * names or photos), the count, and the way to Premium.
 */
export function LockedGrid({ placeholders, title, text }: LockedGridProps) {
  const upgradePath = useUpgradePath();
  return (
    <section className="locked-list" aria-label={title}>
      {placeholders > 0 && (
        <ul className="locked-grid" aria-hidden="true" data-testid="locked-placeholders">
          {Array.from({ length: placeholders }, (_, i) => (
            <li key={i} className={`locked-card locked-card--${i % 3}`}>
              <span className="locked-shape-head" />
              <span className="locked-shape-body" />
              <span className="locked-shape-line" />
            </li>
          ))}
        </ul>
      )}
      <div className="locked-cta">
        <span className="locked-cta-icon" aria-hidden="true"><i className="pi pi-lock" /></span>
        <h2 className="locked-cta-title">{title}</h2>
        <p className="locked-cta-text">{text}</p>
        {upgradePath && (
          <Link to={upgradePath} className="btn-link-primary">
            <i className="pi pi-crown" aria-hidden="true" /> Upgrade to Premium
          </Link>
        )}
      </div>
    </section>
  );
}
