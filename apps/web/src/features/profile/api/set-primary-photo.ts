import { type PhotoList } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyPhotos } from '@/features/profile/api/photo-cache';
import { schemas } from '@/lib/schemas';

/** PUT /profile/photos/{id}/primary → my photos (and the limits), that one now the main photo. */
export async function setPrimaryPhoto(photoId: string): Promise<PhotoList> {
  const response = await api.put<unknown>(`/profile/photos/${encodeURIComponent(photoId)}/primary`);
  return (await schemas()).PhotoListSchema.parse(response.data);
}

export function useSetPrimaryPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryPhoto, onSuccess: (photos) => applyPhotos(queryClient, photos) });
}
