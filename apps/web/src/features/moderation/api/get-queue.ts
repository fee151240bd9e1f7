import type { QueueKind, QueuePage, QueueStatus } from '@linkup/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

export interface QueueFilter {
  kind: QueueKind;
  status: QueueStatus;
  page: number;
}

/** GET /moderation/queue?kind=&status=&page= → items by priority, then age. */
export async function getQueue({ kind, status, page }: QueueFilter, signal?: AbortSignal): Promise<QueuePage> {
  const response = await api.get<unknown>('/moderation/queue', { kind, status, page }, { signal });
  return (await schemas()).QueuePageSchema.parse(response.data);
}

export const queueQueryOptions = (filter: QueueFilter) =>
  queryOptions({
    queryKey: moderationKeys.queue(filter.kind, filter.status, filter.page),
    queryFn: ({ signal }) => getQueue(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useQueue(filter: QueueFilter) {
  return useQuery(queueQueryOptions(filter));
}
