import { api } from '@/lib/api-client';

/** POST /chat/rooms/{id}/read (spec §7). A failure is ignored silently (spec §8). */
export async function markRoomRead(roomId: string): Promise<void> {
  try {
    await api.post<unknown>(`/chat/rooms/${encodeURIComponent(roomId)}/read`);
  } catch {
    // Spec §8: a failure marking a room read is ignored silently.
  }
}
