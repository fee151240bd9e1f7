import { type ChatRoom } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_GC_TIME_MS, chatKeys } from '@/features/chat/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /chat/rooms/{id} → the room as this member sees it (spec §7). */
export async function getRoom(roomId: string, signal?: AbortSignal): Promise<ChatRoom> {
  const response = await api.get<unknown>(`/chat/rooms/${encodeURIComponent(roomId)}`, undefined, { signal });
  return (await schemas()).ChatRoomSchema.parse(response.data);
}

export const roomQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: chatKeys.room(roomId), queryFn: ({ signal }) => getRoom(roomId, signal), gcTime: CHAT_GC_TIME_MS });

export function useRoom(roomId: string | undefined) {
  return useQuery({ ...roomQueryOptions(roomId ?? ''), enabled: Boolean(roomId) });
}
