import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { deletePushToken } from '@/features/auth/api/delete-push-token';
import { logout } from '@/features/auth/api/logout';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { clearStoredPushToken, readStoredPushToken } from '@/lib/push-token';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';

/**
 * Signs the member out (spec §4, §7): first DELETE /user/fcm-token so this device stops getting
 * pushes (its failure is ignored — the push token may not be registered), then POST /auth/logout;
 * then always clears the stored session, push token, cached data and unread counts, and the route
 * guards show /auth/login. A failed logout call still signs out locally, with 'Logout failed'.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await deletePushToken(readStoredPushToken());
    } catch {
      // Not registered, or not supported by this server: nothing to undo.
    }

    let failed = false;
    try {
      // A 401 on the call above already ended a revoked session; there is nothing left to revoke.
      if (useSessionStore.getState().token) await logout();
    } catch (error) {
      failed = true;
      console.warn('Logout request failed', error);
    }
    useSessionStore.getState().signOut('logout');
    clearStoredPushToken();
    useOtpStore.getState().clear();
    useUnreadStore.getState().reset();
    queryClient.clear();
    if (failed) toast.error(FAILURE_TOASTS.logout);
    else toast.success(SUCCESS_TOASTS.logoutSuccess);
  }, [queryClient]);
}
