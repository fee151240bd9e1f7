import { api } from '@/lib/api-client';

/** DELETE /chat/rooms/{id}/leave (spec §7). */
export async function leaveRoom(roomId: string): Promise<void> {
  await api.delete<null>(`/chat/rooms/${encodeURIComponent(roomId)}/leave`);
}
