import { ACCOUNT_MENU, UI_TEXTS } from '@linkup/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { AvatarFace } from '@/components/avatar-face';
import { useSessionStore } from '@/lib/session-store';

const ICONS: Record<string, string> = { '/app/profile': 'pi-user', '/app/settings': 'pi-cog' };

/** The header's avatar button and its panel: name, phone number, Profile, Settings, Logout (spec §2). */
export function AccountMenu() {
  const user = useSessionStore((s) => s.user);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function handleLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      setOpen(false);
    }
  }

  const name = user?.name ?? '';
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="avatar" aria-hidden="true"><AvatarFace name={name} url={user?.avatar_url} /></span>
        <span className="sr-only">Account menu</span>
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        <div className="account-summary">
          <span className="avatar avatar--lg" aria-hidden="true"><AvatarFace name={name} url={user?.avatar_url} /></span>
          <div className="account-summary-text">
            <p className="account-name">{name}</p>
            {user?.phone_number && <p className="account-phone">{user.phone_number}</p>}
          </div>
        </div>
        <ul className="account-links">
          {ACCOUNT_MENU.map((item) => (
            <li key={item.path}>
              <Link to={item.path} className="account-link" onClick={() => setOpen(false)}>
                <i className={`pi ${ICONS[item.path] ?? 'pi-angle-right'}`} aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="account-link account-link--danger" onClick={handleLogout} disabled={loggingOut}>
              <i className="pi pi-sign-out" aria-hidden="true" />
              {loggingOut ? UI_TEXTS.more.loggingOut : UI_TEXTS.more.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
