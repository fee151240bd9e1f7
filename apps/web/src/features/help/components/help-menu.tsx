import '@/features/help/help.css';
import { useId } from 'react';
import { Link } from 'react-router';

const HELP_LINKS = [
  { label: 'FAQ', hint: 'Answers to the questions members ask most', path: '/app/help/faq', icon: 'pi-question-circle' },
  { label: 'Contact Us', hint: 'Write to our support team', path: '/app/help/contact', icon: 'pi-envelope' },
  { label: 'Privacy Policy', hint: 'What we collect, why, and your choices', path: '/app/privacy-policy', icon: 'pi-shield' },
  { label: 'Terms of Service', hint: 'The rules for using LinkUp', path: '/app/terms', icon: 'pi-file' },
] as const;

/** The Help & Support index: FAQ, contact, and the legal pages. */
export function HelpMenu() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="help-category-title">How can we help?</h2>
      <ul className="menu-card">
        {HELP_LINKS.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="menu-row">
              <span className="menu-row-icon" aria-hidden="true"><i className={`pi ${link.icon}`} /></span>
              <span className="help-row-text">
                <span className="menu-row-label">{link.label}</span>
                <span className="help-row-hint">{link.hint}</span>
              </span>
              <i className="pi pi-chevron-right menu-row-chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
