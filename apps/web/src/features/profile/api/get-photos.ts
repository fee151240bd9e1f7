import { type PhotoList } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /profile/photos → my photos (and the limits) in position order. */
export async function getPhotos(signal?: AbortSignal): Promise<PhotoList> {
  const response = await api.get<unknown>('/profile/photos', undefined, { signal });
  return (await schemas()).PhotoListSchema.parse(response.data);
}

export const photosQueryOptions = () => queryOptions({ queryKey: profileKeys.photos(), queryFn: ({ signal }) => getPhotos(signal) });

export function usePhotos() {
  return useQuery(photosQueryOptions());
}
