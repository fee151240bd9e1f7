import { FIELD_LIMITS, PAGE_SIZES, type ChatUserSearchResult } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';


/** GET /chat/users/search?search=&per_page= (default 10) → members by name, e-mails masked. */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<ChatUserSearchResult[]> {
  const response = await api.get<unknown>('/chat/users/search', { search, per_page: PAGE_SIZES.userSearch }, { signal });
  const { paginated, ChatUserSearchResultSchema } = await schemas();
  return paginated(ChatUserSearchResultSchema).parse(response.data).items;
}

export const userSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: chatKeys.userSearch(search),
    queryFn: ({ signal }) => searchUsers(search, signal),
    gcTime: CHAT_GC_TIME_MS,
    retry: false,
  });

/** Searches once `search` has the characters a search needs (the server refuses fewer). */
export function useUserSearch(search: string) {
  return useQuery({ ...userSearchQueryOptions(search), enabled: search.length >= FIELD_LIMITS.searchMin });
}
