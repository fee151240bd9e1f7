/**
 * The signed-in session (spec §3): token plus user, kept in localStorage under `linkup.session` as
 * plain JSON `{ token, user }`. A stored value without a token or a named user is dropped here;
 * the start-up check (app/bootstrap.ts) holds the rest against the contract's SessionSchema.
 */
import type { Session, SessionUser } from '@linkup/contract';
import { create } from 'zustand';

export const SESSION_STORAGE_KEY = 'linkup.session';

/** Why the last session ended: 'logout' was the member's choice, 'expired' the server's. */
export type SignOutReason = 'logout' | 'expired';

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  signOutReason: SignOutReason | null;
  /** Where a fresh sign-in lands; consumed by the guards once the member is there. */
  landingPath: string | null;
  signIn: (session: Session, landingPath?: string | null) => void;
  updateUser: (user: SessionUser) => void;
  signOut: (reason: SignOutReason) => void;
  clearLandingPath: () => void;
}

export function readStoredSession(storage: Storage | undefined = safeLocalStorage()): Session | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (looksLikeSession(parsed)) return parsed;
  } catch {
    // Unreadable JSON: treated like an invalid session below.
  }
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/** Enough of a session to route by before zod has loaded: a token and a user with an id and a name. */
function looksLikeSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user } = value as { token?: unknown; user?: unknown };
  if (typeof token !== 'string' || token.length === 0 || typeof user !== 'object' || user === null) return false;
  const { id, name } = user as { id?: unknown; name?: unknown };
  return typeof id === 'string' && id.length > 0 && typeof name === 'string';
}

function writeStoredSession(session: Session | null) {
  const storage = safeLocalStorage();
  if (!storage) return;
  try {
    if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.warn('Could not save the session', error);
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const initial = readStoredSession();

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: initial?.token ?? null,
  user: initial?.user ?? null,
  signOutReason: null,
  landingPath: null,
  signIn: (session, landingPath = null) => {
    writeStoredSession(session);
    set({ token: session.token, user: session.user, signOutReason: null, landingPath });
  },
  updateUser: (user) => {
    const { token } = get();
    if (!token) return;
    writeStoredSession({ token, user });
    set({ user });
  },
  signOut: (reason) => {
    writeStoredSession(null);
    set({ token: null, user: null, signOutReason: reason, landingPath: null });
  },
  clearLandingPath: () => set({ landingPath: null }),
}));

export const isSignedIn = () => useSessionStore.getState().token !== null;

/** Another tab signed in or out: follow it, so every tab shows the same member. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const stored = readStoredSession();
    const { token } = useSessionStore.getState();
    if (stored && stored.token !== token) {
      useSessionStore.setState({ token: stored.token, user: stored.user, signOutReason: null });
    } else if (!stored && token) {
      useSessionStore.setState({ token: null, user: null, signOutReason: 'logout', landingPath: null });
    }
  });
}
