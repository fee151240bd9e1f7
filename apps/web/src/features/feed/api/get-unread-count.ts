import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useUnreadStore } from '@/lib/unread-store';
import { feedKeys } from '@/features/feed/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /feed/notifications/unread-count → how many notifications are unread (the Feed tab badge). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await api.get<unknown>('/feed/notifications/unread-count', undefined, { signal });
  return (await schemas()).UnreadCountSchema.parse(response.data).unread_count;
}

/** Asks the server for the unread count and puts it on the Feed tab badge. */
export async function refreshUnreadCount(queryClient: QueryClient): Promise<void> {
  try {
    const count = await queryClient.fetchQuery({ queryKey: feedKeys.unreadCount(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 0 });
    useUnreadStore.getState().setUnreadNotifications(count);
  } catch (error) {
    // In the background: the Notifications view reports its own failures.
    console.warn('Could not refresh the notifications count', error);
  }
}
