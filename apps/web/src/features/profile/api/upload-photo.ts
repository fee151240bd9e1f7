import type { Photo, PhotoList } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { applyPhotos } from '@/features/profile/api/photo-cache';
import { schemas } from '@/lib/schemas';

export interface UploadPhotoInput {
  file: Blob;
  fileName?: string;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /profile/photos (multipart, field `photo`) → the new photo with its sizes. Through the api
 * client, which reports the upload's progress (`onUploadProgress`); errors are its ApiClientError
 * (422 carries `errors.photo`).
 */
export async function uploadPhoto({ file, fileName, onProgress, signal }: UploadPhotoInput): Promise<Photo> {
  const form = new FormData();
  form.append('photo', file, fileName ?? (file instanceof File ? file.name : 'photo'));
  const response = await api.post<unknown>('/profile/photos', form, { signal, ...(onProgress ? { onUploadProgress: onProgress } : {}) });
  return (await schemas()).PhotoSchema.parse(response.data);
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (photo) => {
      const current = queryClient.getQueryData<PhotoList>(profileKeys.photos());
      if (current) {
        const photos = [...current.photos.filter((p) => p.id !== photo.id), photo].sort((a, b) => a.position - b.position);
        applyPhotos(queryClient, { ...current, photos });
      }
      void queryClient.invalidateQueries({ queryKey: profileKeys.photos() });
    },
  });
}
