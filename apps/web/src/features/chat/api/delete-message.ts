import { api } from '@/lib/api-client';

/** DELETE /chat/messages/{id} (spec §7); only the author may. */
export async function deleteMessage(messageId: string): Promise<void> {
  await api.delete<null>(`/chat/messages/${encodeURIComponent(messageId)}`);
}
