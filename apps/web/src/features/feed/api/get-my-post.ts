import { type OwnPostResponse } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feedKeys } from '@/features/feed/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /feed/my-post → `{ has_post, post }`. */
export async function getMyPost(signal?: AbortSignal): Promise<OwnPostResponse> {
  const response = await api.get<unknown>('/feed/my-post', undefined, { signal });
  return (await schemas()).OwnPostResponseSchema.parse(response.data);
}

export const myPostQueryOptions = () => queryOptions({ queryKey: feedKeys.myPost(), queryFn: ({ signal }) => getMyPost(signal) });

export function useMyPost() {
  return useQuery(myPostQueryOptions());
}
