import { APP_NAME, LOGO_PATH } from '@linkup/contract';
import { Outlet, useNavigate } from 'react-router';
import { HeartsBackdrop } from '@/app/layouts/hearts-backdrop';

/** Sign-in pages (spec §2): Back one history step, logo on the right, pink hearts, no tab bar. */
export function AuthLayout() {
  const navigate = useNavigate();
  return (
    <div className="auth-screen">
      <HeartsBackdrop />
      <div className="app-frame auth-frame">
        <header className="auth-header">
          <button type="button" className="back-button" onClick={() => void navigate(-1)}>
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>Back</span>
          </button>
          <img src={LOGO_PATH} alt={APP_NAME} width={44} height={44} className="auth-logo" />
        </header>
        <main id="main" className="auth-main">
          <div className="auth-card">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
