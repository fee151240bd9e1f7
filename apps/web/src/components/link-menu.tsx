import { PREMIUM_LABEL } from '@linkup/contract';
import { useId } from 'react';
import { Link } from 'react-router';

export interface LinkMenuItem {
  label: string;
  path: string;
  /** A PrimeIcons class, e.g. 'pi-cog'. */
  icon: string;
  /** One line under the label saying what is there. */
  hint?: string;
  /** Marked with the Premium chip. */
  premium?: boolean;
}

/** A titled card of links, one row each: icon, label (and hint), chevron — the More, Settings and Help menus. */
export function LinkMenu({ title, items }: { title: string; items: readonly LinkMenuItem[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="menu-section-title">{title}</h2>
      <ul className="menu-card">
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path} className="menu-row">
              <span className="menu-row-icon" aria-hidden="true"><i className={`pi ${item.icon}`} /></span>
              {item.hint ? (
                <span className="menu-row-text">
                  <span className="menu-row-label">{item.label}</span>
                  <span className="menu-row-hint">{item.hint}</span>
                </span>
              ) : (
                <span className="menu-row-label">{item.label}</span>
              )}
              {item.premium && <span className="premium-chip">{PREMIUM_LABEL}</span>}
              <i className="pi pi-chevron-right menu-row-chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
