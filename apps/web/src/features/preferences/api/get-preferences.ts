import { type Preferences } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /preferences → my dating preferences (the defaults until I save some) and my city. */
export async function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  const response = await api.get<unknown>('/preferences', undefined, { signal });
  return (await schemas()).PreferencesSchema.parse(response.data);
}

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKeys.mine(), queryFn: ({ signal }) => getPreferences(signal) });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
