import { type FeedPost } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feedKeys } from '@/features/feed/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /feed/posts/{id} → one post I may see (my own, or one the feed would show me). */
export async function getPost(id: string, signal?: AbortSignal): Promise<FeedPost> {
  const response = await api.get<unknown>(`/feed/posts/${encodeURIComponent(id)}`, undefined, { signal });
  return (await schemas()).FeedPostSchema.parse(response.data);
}

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: feedKeys.post(id), queryFn: ({ signal }) => getPost(id, signal) });

export function usePost(id: string) {
  return useQuery(postQueryOptions(id));
}
