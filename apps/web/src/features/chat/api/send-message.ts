import { COMMANDS, type ChatMessage, type SendMessageBody } from '@linkup/contract';
import { api, apiErrorFrom } from '@/lib/api-client';
import { withRetry } from '@/lib/retry';
import { liveSocket } from '@/lib/socket';
import { schemas } from '@/lib/schemas';

/** How long a send over the socket may wait for its answer before HTTP takes over. */
export const SOCKET_SEND_TIMEOUT_MS = 5_000;

/**
 * Sends a message {chat_room_id, message, type, client_id} and answers the stored message. Over the
 * live socket when there is one (`message.send`: no HTTP request per message), else — or when the
 * socket gives no answer in time, loses the connection, fails on the server or finds the session
 * ended — by POST /chat/messages. The server stores a client id once, so a send that may have
 * reached it is safely sent again the other way.
 */
export async function sendMessage(body: SendMessageBody): Promise<ChatMessage> {
  const socket = liveSocket();
  if (socket) {
    const ack = await socket.timeout(SOCKET_SEND_TIMEOUT_MS).emitWithAck(COMMANDS.sendMessage, body).catch(() => null);
    if (ack?.ok) return (await schemas()).ChatMessageSchema.parse(ack.data);
    // Refused for what was sent or who sent it (not a member, invalid, too many): HTTP would say the same.
    if (ack && ack.status >= 400 && ack.status < 500 && ack.status !== 401) throw apiErrorFrom(ack.status, ack);
  }
  return withRetry(async () => {
    const response = await api.post<unknown>('/chat/messages', body);
    return (await schemas()).ChatMessageSchema.parse(response.data);
  });
}
