import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from '@/features/chat/api/keys';

/** POST /chat/rooms/{id}/decline → the server's message; its sender is not told (issue 29). */
export async function declineRequest(roomId: string): Promise<string | undefined> {
  return (await api.post<null>(`/chat/rooms/${encodeURIComponent(roomId)}/decline`, {})).message;
}

export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.requests() }),
  });
}
