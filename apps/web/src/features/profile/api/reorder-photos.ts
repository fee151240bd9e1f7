import { type PhotoList } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyPhotos } from '@/features/profile/api/photo-cache';
import { schemas } from '@/lib/schemas';

/** PUT /profile/photos/order {photo_ids} (every one of my photo ids, in the new order) → my photos (and the limits). */
export async function reorderPhotos(photoIds: string[]): Promise<PhotoList> {
  const response = await api.put<unknown>('/profile/photos/order', { photo_ids: photoIds });
  return (await schemas()).PhotoListSchema.parse(response.data);
}

export function useReorderPhotos() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reorderPhotos, onSuccess: (photos) => applyPhotos(queryClient, photos) });
}
