import { UI_TEXTS } from '@linkup/contract';
import { pushUnblockSteps } from '@/lib/push-unblock';

/** Shown where the member pressed "Turn on" while the browser blocks notifications: how to unblock them in this browser. */
export function PushBlockedHelp({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  return (
    <div className="push-blocked-help" role="note" data-testid="push-blocked-help">
      <strong>{UI_TEXTS.pushUnblock.title}</strong>
      <p>{pushUnblockSteps(userAgent)}</p>
    </div>
  );
}
