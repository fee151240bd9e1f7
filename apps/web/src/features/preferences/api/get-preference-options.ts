import { type PreferenceOptions } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /preferences/options → every choice of the forms, with labels. They change only with a release. */
export async function getPreferenceOptions(signal?: AbortSignal): Promise<PreferenceOptions> {
  const response = await api.get<unknown>('/preferences/options', undefined, { signal });
  return (await schemas()).PreferenceOptionsSchema.parse(response.data);
}

export const preferenceOptionsQueryOptions = () =>
  queryOptions({ queryKey: preferencesKeys.options(), queryFn: ({ signal }) => getPreferenceOptions(signal), staleTime: Infinity });

export function usePreferenceOptions() {
  return useQuery(preferenceOptionsQueryOptions());
}
