import { type Faq } from '@linkup/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { helpKeys } from '@/features/help/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /help/faq?search= → the categories with entries holding every word of the search. */
export async function getFaq(search: string, signal?: AbortSignal): Promise<Faq> {
  const response = await api.get<unknown>('/help/faq', { search }, { signal });
  return (await schemas()).FaqSchema.parse(response.data);
}

export const faqQueryOptions = (search: string) =>
  queryOptions({ queryKey: helpKeys.faq(search), queryFn: ({ signal }) => getFaq(search, signal), staleTime: 5 * 60_000 });

export function useFaq(search: string) {
  // The last answer stays on screen while the next search loads.
  return useQuery({ ...faqQueryOptions(search), placeholderData: keepPreviousData });
}
