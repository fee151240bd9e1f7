import { type PostLikeResult } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /feed/posts/{id}/like → the post's like state after it (a second like changes nothing). */
export async function likePost(postId: string): Promise<PostLikeResult> {
  const response = await api.post<unknown>(`/feed/posts/${encodeURIComponent(postId)}/like`);
  return (await schemas()).PostLikeResultSchema.parse(response.data);
}

/** DELETE /feed/posts/{id}/unlike → the post's like state after it. */
export async function unlikePost(postId: string): Promise<PostLikeResult> {
  const response = await api.delete<unknown>(`/feed/posts/${encodeURIComponent(postId)}/unlike`);
  return (await schemas()).PostLikeResultSchema.parse(response.data);
}
