import { type PreferencesCompletion } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /preferences/completion-status → { completed, percentage, missing[] }. */
export async function getCompletionStatus(signal?: AbortSignal): Promise<PreferencesCompletion> {
  const response = await api.get<unknown>('/preferences/completion-status', undefined, { signal });
  return (await schemas()).PreferencesCompletionSchema.parse(response.data);
}

export const completionStatusQueryOptions = () =>
  queryOptions({ queryKey: preferencesKeys.completion(), queryFn: ({ signal }) => getCompletionStatus(signal) });

export function useCompletionStatus() {
  return useQuery(completionStatusQueryOptions());
}
