import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { clearStoredPushToken } from '@/lib/push-token';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';

/**
 * After the account is deleted: this device forgets the session, push token, cached data and
 * unread counts, and the route guard shows /auth/login, where the toast says what happened.
 */
export function useEndDeletedAccount() {
  const queryClient = useQueryClient();
  return useCallback((message: string) => {
    useSessionStore.getState().signOut('logout');
    clearStoredPushToken();
    useUnreadStore.getState().reset();
    queryClient.clear();
    toast.success(message);
  }, [queryClient]);
}
