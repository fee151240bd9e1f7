import { type InterestCatalogue } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /interests → the interest catalogue and how many a member may pick. */
export async function getInterestCatalogue(signal?: AbortSignal): Promise<InterestCatalogue> {
  const response = await api.get<unknown>('/interests', undefined, { signal });
  return (await schemas()).InterestCatalogueSchema.parse(response.data);
}

export function useInterestCatalogue() {
  return useQuery(
    queryOptions({ queryKey: profileKeys.interestCatalogue(), queryFn: ({ signal }) => getInterestCatalogue(signal), staleTime: Infinity }),
  );
}
