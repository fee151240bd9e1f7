import { PREMIUM_LABEL, type MenuLink } from '@linkup/contract';
import { useId } from 'react';
import { Link } from 'react-router';

/** Icon per More screen destination; anything unlisted gets a neutral chevron-style icon. */
const ICONS: Record<string, string> = {
  '/app/profile/edit': 'pi-user-edit',
  '/app/profile/photos': 'pi-images',
  '/app/profile/interests': 'pi-star',
  '/app/likes': 'pi-heart',
  '/app/visitors': 'pi-eye',
  '/app/activity': 'pi-history',
  '/app/preferences': 'pi-sliders-h',
  '/app/settings/account': 'pi-cog',
  '/app/blocked-users': 'pi-ban',
  '/app/help': 'pi-question-circle',
  '/app/privacy-policy': 'pi-shield',
  '/app/terms': 'pi-file',
};

export function MenuSection({ title, items }: { title: string; items: readonly MenuLink[] }) {
  const headingId = useId();
  return (
    <section className="menu-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="menu-section-title">{title}</h2>
      <ul className="menu-card">
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path} className="menu-row">
              <span className="menu-row-icon" aria-hidden="true">
                <i className={`pi ${ICONS[item.path] ?? 'pi-circle'}`} />
              </span>
              <span className="menu-row-label">{item.label}</span>
              {item.premium && <span className="premium-chip">{PREMIUM_LABEL}</span>}
              <i className="pi pi-chevron-right menu-row-chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
