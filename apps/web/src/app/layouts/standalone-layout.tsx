import { APP_NAME, LOGO_PATH } from '@linkup/contract';
import { Outlet, useNavigate } from 'react-router';

/** Full-screen pages outside the shell (chat room, onboarding): no tab bar. */
export function StandaloneLayout({ back = false }: { back?: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="app-frame standalone-frame">
      <header className="standalone-header">
        {back ? (
          <button type="button" className="icon-button" aria-label="Back" onClick={() => void navigate(-1)}>
            <i className="pi pi-arrow-left" aria-hidden="true" />
          </button>
        ) : (
          <span className="icon-button-spacer" />
        )}
        <img src={LOGO_PATH} alt={APP_NAME} width={36} height={36} />
        <span className="icon-button-spacer" />
      </header>
      <main id="main" className="standalone-main">
        <Outlet />
      </main>
    </div>
  );
}
