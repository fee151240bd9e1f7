import { type PhotoList } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyPhotos } from '@/features/profile/api/photo-cache';
import { schemas } from '@/lib/schemas';

/** DELETE /profile/photos/{id} → the photos left (the first becomes main if the main one went). */
export async function deletePhoto(photoId: string): Promise<PhotoList> {
  const response = await api.delete<unknown>(`/profile/photos/${encodeURIComponent(photoId)}`);
  return (await schemas()).PhotoListSchema.parse(response.data);
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePhoto, onSuccess: (photos) => applyPhotos(queryClient, photos) });
}
