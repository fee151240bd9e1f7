import { type FeedImage } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /feed/my-post/images (multipart `photo`) → the new photo, to put in a slot of the next save. */
export async function uploadPostImage(file: File): Promise<FeedImage> {
  const form = new FormData();
  form.append('photo', file);
  const response = await api.post<unknown>('/feed/my-post/images', form);
  return (await schemas()).FeedImageSchema.parse(response.data);
}
