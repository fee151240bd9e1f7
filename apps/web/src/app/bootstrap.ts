import { getAuthUser } from '@/features/auth/api/get-user';
import { isApiClientError } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';
import { useSessionStore } from '@/lib/session-store';

/** How long start-up waits for the token check before mounting anyway. */
export const STARTUP_CHECK_TIMEOUT_MS = 8_000;

/**
 * Start-up token check (spec §4): a stored token is checked with GET /auth/user and the stored
 * user refreshed. A 401 clears the session; any other failure is only logged, and the app mounts
 * with the stored session if it passes the contract's SessionSchema (else it is dropped).
 */
export async function checkStoredSession(timeoutMs = STARTUP_CHECK_TIMEOUT_MS): Promise<void> {
  const { token } = useSessionStore.getState();
  if (!token) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const user = await getAuthUser(controller.signal);
    useSessionStore.getState().updateUser(user);
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) {
      if (useSessionStore.getState().token === token) useSessionStore.getState().signOut('expired');
      return;
    }
    console.warn('Could not check the stored session; starting anyway', error);
    await dropInvalidStoredSession(token);
  } finally {
    clearTimeout(timer);
  }
}

async function dropInvalidStoredSession(token: string): Promise<void> {
  try {
    const { SessionSchema } = await schemas();
    const { user } = useSessionStore.getState();
    if (useSessionStore.getState().token === token && !SessionSchema.safeParse({ token, user }).success) {
      useSessionStore.getState().signOut('expired');
    }
  } catch {
    // The schemas could not load (offline): keep the stored session; the next answer decides.
  }
}
