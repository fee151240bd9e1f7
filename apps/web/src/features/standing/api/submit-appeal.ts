import type { AppealBody } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { standingKeys } from '@/features/standing/api/keys';
import { api } from '@/lib/api-client';

/** POST /account/appeals { decision_id, text } → 201; one appeal per decision (issue 30). */
export async function submitAppeal(body: AppealBody): Promise<string | undefined> {
  const response = await api.post<unknown>('/account/appeals', body);
  return response.message;
}

export function useSubmitAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAppeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standingKeys.standing() }),
  });
}
