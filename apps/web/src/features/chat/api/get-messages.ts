import { PAGE_SIZES, type ChatMessage, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';

/** One page of a room's messages, newest first as the server sends them. */
export interface MessagesPage {
  items: ChatMessage[];
  pagination: Pagination;
}
export type MessagesData = InfiniteData<MessagesPage>;

/** GET /chat/rooms/{id}/messages?page=&per_page= (default 50), newest first (spec §7). */
export async function getMessages(
  roomId: string,
  { page = 1, perPage = PAGE_SIZES.chatMessages }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const response = await api.get<unknown>(`/chat/rooms/${encodeURIComponent(roomId)}/messages`, { page, per_page: perPage }, { signal });
  const { paginated, ChatMessageSchema } = await schemas();
  return paginated(ChatMessageSchema).parse(response.data);
}

/** Page 1 holds the newest messages; each next page is older ('Load earlier messages'). */
export const messagesQueryOptions = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) => getMessages(roomId, { page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MessagesPage) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
    gcTime: CHAT_GC_TIME_MS,
  });

export function useMessages(roomId: string | undefined) {
  return useInfiniteQuery({ ...messagesQueryOptions(roomId ?? ''), enabled: Boolean(roomId) });
}
