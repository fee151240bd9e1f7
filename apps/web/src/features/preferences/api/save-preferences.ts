import { type PreferenceFields, type Preferences } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import { schemas } from '@/lib/schemas';

export interface Saved<T> {
  data: T;
  message: string | undefined;
}

/** PUT /preferences → replaces all of my dating preferences (fields left out return to their defaults). */
export async function savePreferences(body: PreferenceFields): Promise<Saved<Preferences>> {
  const response = await api.put<unknown>('/preferences', body);
  return { data: (await schemas()).PreferencesSchema.parse(response.data), message: response.message };
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(preferencesKeys.mine(), data);
      void queryClient.invalidateQueries({ queryKey: preferencesKeys.completion() });
    },
  });
}
