import { MATCHING_MESSAGES } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys, refreshMatchingLists } from '@/features/matching/api/keys';

/** DELETE /matches/{id} → the match ends for both and its chat room closes; answers the server's message. */
export async function unmatch(matchId: string): Promise<string> {
  const response = await api.delete<null>(`/matches/${encodeURIComponent(matchId)}`);
  return response.message ?? MATCHING_MESSAGES.unmatched;
}

export function useUnmatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmatch,
    onSuccess: (_message, matchId) => {
      queryClient.removeQueries({ queryKey: matchingKeys.match(matchId) });
      return refreshMatchingLists(queryClient);
    },
  });
}
