import { TIMINGS, UI_TEXTS } from '@linkup/contract';
import { confirmDialog } from '@/lib/dialogs';

const DECLINED_KEY = 'linkup.push-prompt.declined-at';
/** After "Not now", the explanation comes back a week later, not at every start. */
export const PUSH_PROMPT_SNOOZE_MS = TIMINGS.pushTokenRefreshMs;

function declinedAt(): number {
  try {
    return Number(window.localStorage.getItem(DECLINED_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * The in-app explanation shown before the system's own notification prompt (which may only be
 * shown a few times): resolves true when the member wants notifications. Answers false without
 * asking for a week after a "Not now".
 */
export async function askPushPermission(now: number = Date.now()): Promise<boolean> {
  if (now - declinedAt() < PUSH_PROMPT_SNOOZE_MS) return false;
  const { title, body, allow, later } = UI_TEXTS.pushPrompt;
  const wanted = await confirmDialog(title, body, { confirmLabel: allow, cancelLabel: later });
  if (!wanted) {
    try {
      window.localStorage.setItem(DECLINED_KEY, String(now));
    } catch {
      // Storage unavailable: it asks again next start.
    }
  }
  return wanted;
}
