import { UI_TEXTS, type ChatRoom, type CreateRoomBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** The name a chat started from search gets (spec §2): 'Chat with' plus the member's name. */
export const chatNameFor = (memberName: string) => `${UI_TEXTS.messages.chatWithPrefix} ${memberName}`;

/** POST /chat/rooms {user_id, name} → the room (the existing one for this pair, if any). */
export async function createRoom(body: CreateRoomBody): Promise<ChatRoom> {
  const response = await api.post<unknown>('/chat/rooms', body);
  return (await schemas()).ChatRoomSchema.parse(response.data);
}

export function useCreateRoom() {
  return useMutation({ mutationFn: createRoom });
}
