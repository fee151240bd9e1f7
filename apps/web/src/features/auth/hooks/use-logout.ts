import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { logout } from '@/features/auth/api/logout';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';

/**
 * Signs the member out (spec §4): tells the server, then always clears the local session, cached
 * data and unread counts; the route guards then show /auth/login. A server failure still signs
 * out locally, with the 'Logout failed' toast.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    let failed = false;
    try {
      await logout();
    } catch (error) {
      failed = true;
      console.warn('Logout request failed', error);
    }
    useSessionStore.getState().signOut('logout');
    useUnreadStore.getState().reset();
    queryClient.clear();
    if (failed) toast.error(FAILURE_TOASTS.logout);
    else toast.success(SUCCESS_TOASTS.logoutSuccess);
  }, [queryClient]);
}
