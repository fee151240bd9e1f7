import { type Preferences } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import type { Saved } from '@/features/preferences/api/save-preferences';
import { schemas } from '@/lib/schemas';

/** DELETE /preferences/reset → back to the defaults. */
export async function resetPreferences(): Promise<Saved<Preferences>> {
  const response = await api.delete<unknown>('/preferences/reset');
  return { data: (await schemas()).PreferencesSchema.parse(response.data), message: response.message };
}

export function useResetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPreferences,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(preferencesKeys.mine(), data);
      void queryClient.invalidateQueries({ queryKey: preferencesKeys.completion() });
    },
  });
}
