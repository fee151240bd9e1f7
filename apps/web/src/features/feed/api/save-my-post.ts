import { type FeedPostBody, type OwnPostResponse } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feedKeys } from '@/features/feed/api/keys';
import { schemas } from '@/lib/schemas';

/** POST /feed/my-post (create) or PUT /feed/my-post (replace): my post as saved, and the server's message. */
export async function saveMyPost(mode: 'create' | 'edit', body: FeedPostBody): Promise<{ post: OwnPostResponse; message?: string }> {
  const response = mode === 'create' ? await api.post<unknown>('/feed/my-post', body) : await api.put<unknown>('/feed/my-post', body);
  return { post: (await schemas()).OwnPostResponseSchema.parse(response.data), ...(response.message ? { message: response.message } : {}) };
}

export function useSaveMyPost(mode: 'create' | 'edit') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedPostBody) => saveMyPost(mode, body),
    onSuccess: ({ post }) => queryClient.setQueryData(feedKeys.myPost(), post),
  });
}
