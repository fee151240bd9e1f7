import { FEED_PAGE_SIZES, type FeedNotifications } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiClientError } from '@/lib/api-client';
import { notificationKeys } from '@/features/notifications/api/keys';
import { schemas } from '@/lib/schemas';

const EMPTY: FeedNotifications = {
  items: [],
  pagination: { current_page: 1, last_page: 1, per_page: FEED_PAGE_SIZES.notifications, total: 0 },
  unread_count: 0,
};

/**
 * GET /feed/notifications → my inbox, newest first. Spec §8: a 500 on this call is an empty list
 * with no error; other failures are errors.
 */
export async function getNotifications(signal?: AbortSignal): Promise<FeedNotifications> {
  try {
    const response = await api.get<unknown>('/feed/notifications', { per_page: FEED_PAGE_SIZES.notifications }, { signal });
    return (await schemas()).FeedNotificationsSchema.parse(response.data);
  } catch (error) {
    if (isApiClientError(error) && error.status === 500) return EMPTY;
    throw error;
  }
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal) });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
