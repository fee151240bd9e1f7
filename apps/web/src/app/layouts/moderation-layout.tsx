import '@/features/moderation/moderation.css';
import { NavLink, Outlet } from 'react-router';

const LINKS = [
  { to: '/moderation', label: 'Queue', end: true },
  { to: '/moderation/appeals', label: 'Appeals' },
  { to: '/moderation/held-messages', label: 'Held messages' },
  { to: '/moderation/audit', label: 'Audit log' },
  { to: '/moderation/stats', label: 'Transparency' },
  { to: '/app/dashboard', label: 'Back to the app' },
] as const;

/** The moderators' console (issue 30): its own desktop-first layout, in its own page group. */
export function ModerationLayout() {
  return (
    <div className="moderation-frame">
      <nav className="moderation-nav" aria-label="Moderation">
        <p className="moderation-nav-title">LinkUp moderation</p>
        {LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={'end' in link ? link.end : false}>{link.label}</NavLink>
        ))}
      </nav>
      <main id="main" className="moderation-main">
        <Outlet />
      </main>
    </div>
  );
}
