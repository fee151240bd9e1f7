import type { UnreadCount } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useUnreadStore } from '@/lib/unread-store';
import { notificationKeys } from '@/features/notifications/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /feed/notifications/unread-count → unread notifications (the bell), and those behind the Feed and Matches tabs. */
export async function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  const response = await api.get<unknown>('/feed/notifications/unread-count', undefined, { signal });
  return (await schemas()).UnreadCountSchema.parse(response.data);
}

/** Asks the server for the unread counts and puts them on the bell and the tabs. */
export async function refreshUnreadCount(queryClient: QueryClient): Promise<void> {
  try {
    const counts = await queryClient.fetchQuery({ queryKey: notificationKeys.unreadCount(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 0 });
    useUnreadStore.getState().setUnreadNotifications(counts);
  } catch (error) {
    // In the background: the Notifications view reports its own failures.
    console.warn('Could not refresh the notifications count', error);
  }
}
