import { type Settings } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/features/settings/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /settings → my privacy settings and notification switches (defaults until I change them). */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const response = await api.get<unknown>('/settings', undefined, { signal });
  return (await schemas()).SettingsSchema.parse(response.data);
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.mine(), queryFn: ({ signal }) => getSettings(signal) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
