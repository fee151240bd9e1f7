import { type MemberLocation, type Preferences, type SetLocationBody } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesKeys } from '@/features/preferences/api/keys';
import type { Saved } from '@/features/preferences/api/save-preferences';
import { schemas } from '@/lib/schemas';

/**
 * POST /preferences/location → the city and province the server chose. A device position is sent
 * once in the body and never kept on the client; the answer carries no coordinates either.
 */
export async function setLocation(body: SetLocationBody): Promise<Saved<MemberLocation>> {
  const response = await api.post<unknown>('/preferences/location', body);
  return { data: (await schemas()).MemberLocationSchema.parse(response.data), message: response.message };
}

export function useSetLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocation,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Preferences>(preferencesKeys.mine(), (prefs) => (prefs ? { ...prefs, location: data } : prefs));
      void queryClient.invalidateQueries({ queryKey: preferencesKeys.completion() });
    },
  });
}
