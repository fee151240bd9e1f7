import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feedKeys } from '@/features/feed/api/keys';

/** DELETE /feed/my-post: my post, its photos and likes are gone. */
export async function deleteMyPost(): Promise<string | undefined> {
  const response = await api.delete<unknown>('/feed/my-post');
  return response.message;
}

export function useDeleteMyPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyPost,
    onSuccess: () => queryClient.setQueryData(feedKeys.myPost(), { has_post: false, post: null }),
  });
}
