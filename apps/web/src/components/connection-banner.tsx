import { UI_TEXTS } from '@linkup/contract';
import { useEffect, useState } from 'react';
import { useOnline } from '@/lib/use-online';

/** How long "You're back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 3_000;

/** True for BACK_ONLINE_MS after each return of the connection. */
function useJustBackOnline(): boolean {
  const [back, setBack] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      clearTimeout(timer);
      setBack(true);
      timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    };
    const onOffline = () => {
      clearTimeout(timer);
      setBack(false);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  return back;
}

/**
 * Says so while the device is offline (the installed app still opens from its cached shell), and
 * briefly that it is back once the connection returns; queries and the socket reconnect by themselves.
 */
export function ConnectionBanner() {
  const online = useOnline();
  const backOnline = useJustBackOnline();
  if (online && !backOnline) return null;
  return (
    <div className={`connection-banner${online ? ' connection-banner--online' : ''}`} role="status" aria-live="polite">
      <i className={`pi ${online ? 'pi-wifi' : 'pi-exclamation-circle'}`} aria-hidden="true" />
      {online ? (
        <strong>{UI_TEXTS.offline.backOnline}</strong>
      ) : (
        <span>
          <strong>{UI_TEXTS.offline.title}</strong> <span className="connection-banner__hint">{UI_TEXTS.offline.hint}</span>
        </span>
      )}
    </div>
  );
}
