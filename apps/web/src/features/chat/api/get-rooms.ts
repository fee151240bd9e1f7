import { ChatRoomSchema, PAGE_SIZES, TIMINGS, paginated, type ChatRoom, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';

const RoomsPageSchema = paginated(ChatRoomSchema);
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
  return RoomsPageSchema.parse(response.data);
}

export const roomsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.rooms(),
    queryFn: ({ pageParam, signal }) => getRooms({ page: pageParam }, signal),
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
