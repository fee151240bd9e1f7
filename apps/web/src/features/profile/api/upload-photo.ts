import { NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, type Photo, type PhotoList } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, apiErrorFrom, apiUrl } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * POST /profile/photos (multipart, field `photo`) → the new photo with its sizes. Sent with
 * XMLHttpRequest rather than fetch, because only XHR reports upload progress; errors are the
 * same ApiClientError the api client throws (422 carries `errors.photo`).
 */
export function uploadPhoto({ file, fileName, onProgress, signal }: UploadPhotoInput): Promise<Photo> {
  // The photo schema loads while the file uploads.
  const photoSchema = schemas().then((s) => s.PhotoSchema);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = useSessionStore.getState().token;
    xhr.open('POST', apiUrl('/profile/photos'));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiClientError({ status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = async () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isRecord(body)) {
        const parsed = await photoSchema.then((schema) => schema.safeParse(body.data), () => null);
        if (parsed?.success) return resolve(parsed.data);
      }
      if ((xhr.status === 401 || xhr.status === 403) && token && useSessionStore.getState().token === token) {
        useSessionStore.getState().signOut('expired');
      }
      reject(apiErrorFrom(xhr.status, body));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('photo', file, fileName ?? (file instanceof File ? file.name : 'photo'));
    xhr.send(form);
  });
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
