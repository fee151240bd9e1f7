import { type ChatMessage } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/**
 * PUT /chat/messages/{id} {message} → the message, now is_edited (spec §7). `confirm`: a text the
 * server found hurtful goes anyway (issue 29; else 409 confirm_required).
 */
export async function editMessage(messageId: string, message: string, options: { confirm?: boolean } = {}): Promise<ChatMessage> {
  const response = await api.put<unknown>(`/chat/messages/${encodeURIComponent(messageId)}`, { message, ...(options.confirm ? { confirm: true } : {}) });
  return (await schemas()).ChatMessageSchema.parse(response.data);
}
