import type { ChatRoom } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';

/** POST /chat/rooms/{id}/accept → the conversation it became, and the server's message (issue 29). */
export async function acceptRequest(roomId: string): Promise<{ room: ChatRoom; message: string | undefined }> {
  const response = await api.post<unknown>(`/chat/rooms/${encodeURIComponent(roomId)}/accept`, {});
  return { room: (await schemas()).ChatRoomSchema.parse(response.data), message: response.message };
}

export function useAcceptRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRequest,
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.requests() }),
      queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }),
    ]),
  });
}
