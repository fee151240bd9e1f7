import { PAGE_SIZES, TIMINGS, type ChatRequest, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';

export interface RequestsPage {
  items: ChatRequest[];
  pagination: Pagination;
}

/** GET /chat/requests?page=&per_page= (default 15): message requests to me, newest first (issue 29). */
export async function getRequests(
  { page = 1, perPage = PAGE_SIZES.chatRequests }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<RequestsPage> {
  const response = await api.get<unknown>('/chat/requests', { page, per_page: perPage }, { signal });
  const { paginated, ChatRequestSchema } = await schemas();
  return paginated(ChatRequestSchema).parse(response.data);
}

export const requestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.requests(),
    queryFn: ({ pageParam, signal }) => getRequests({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RequestsPage) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
    gcTime: CHAT_GC_TIME_MS,
  });

/** The requests, refreshed like the conversation list (every 30 s) and on real-time events (useRequestsLive). */
export function useRequests() {
  return useInfiniteQuery({ ...requestsQueryOptions(), refetchInterval: TIMINGS.messagesRefreshMs, refetchIntervalInBackground: false });
}
