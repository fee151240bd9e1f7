import { ChatMessageSchema, type ChatMessage, type SendMessageBody } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { withRetry } from '@/lib/retry';

/**
 * POST /chat/messages {chat_room_id, message, type, client_id} → the stored message. The server
 * stores a client id once, so a send whose answer was lost is retried safely with the same id.
 */
export async function sendMessage(body: SendMessageBody): Promise<ChatMessage> {
  return withRetry(async () => {
    const response = await api.post<unknown>('/chat/messages', body);
    return ChatMessageSchema.parse(response.data);
  });
}
