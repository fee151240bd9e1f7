import { PAGE_SIZES, TIMINGS, type ChatRoom, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useUnreadStore } from '@/lib/unread-store';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';

export interface RoomsPage {
  items: ChatRoom[];
  pagination: Pagination;
}
export type RoomsData = InfiniteData<RoomsPage>;

/** GET /chat/rooms?page=&per_page= (default 15) → data.items + data.pagination (spec §7). */
export async function getRooms(
  { page = 1, perPage = PAGE_SIZES.chatRooms }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<RoomsPage> {
  const response = await api.get<unknown>('/chat/rooms', { page, per_page: perPage }, { signal });
  const { paginated, ChatRoomSchema } = await schemas();
  return paginated(ChatRoomSchema).parse(response.data);
}

/**
 * A page of the conversation list; its unread counts go to the unread store, with the events
 * that arrived while it was on its way applied again over them.
 */
async function getRoomsPage(page: number, signal: AbortSignal): Promise<RoomsPage> {
  const since = useUnreadStore.getState().mark();
  const result = await getRooms({ page }, signal);
  useUnreadStore.getState().merge(result.items, since);
  return result;
}

export const roomsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.rooms(),
    queryFn: ({ pageParam, signal }) => getRoomsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RoomsPage) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
    gcTime: CHAT_GC_TIME_MS,
  });

/** The conversation list; refreshed every 30 s while `autoRefresh` (no search text, spec §2). */
export function useRooms({ autoRefresh }: { autoRefresh: boolean }) {
  return useInfiniteQuery({
    ...roomsQueryOptions(),
    refetchInterval: autoRefresh ? TIMINGS.messagesRefreshMs : false,
    refetchIntervalInBackground: false,
  });
}
