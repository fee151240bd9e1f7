import { type ChatMessage } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** PUT /chat/messages/{id} {message} → the message, now is_edited (spec §7). */
export async function editMessage(messageId: string, message: string): Promise<ChatMessage> {
  const response = await api.put<unknown>(`/chat/messages/${encodeURIComponent(messageId)}`, { message });
  return (await schemas()).ChatMessageSchema.parse(response.data);
}
