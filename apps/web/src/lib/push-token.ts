/**
 * The device's push token as last registered (spec §3 "Push token registration", §4): kept in
 * localStorage under `linkup.push-token` so a token saved while signed out can be sent after
 * sign-in, and removed on logout together with the session.
 */
export const PUSH_TOKEN_STORAGE_KEY = 'linkup.push-token';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredPushToken(): string | null {
  try {
    return storage()?.getItem(PUSH_TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storePushToken(token: string): void {
  try {
    storage()?.setItem(PUSH_TOKEN_STORAGE_KEY, token);
  } catch (error) {
    console.warn('Could not save the push token', error);
  }
}

export function clearStoredPushToken(): void {
  try {
    storage()?.removeItem(PUSH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
