import type { ChatMessage, ReportBody } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { reportReasonFor } from '@/features/chat/utils/nudges';

/**
 * One tap from a nudge (issue 29): POST /users/{author}/report naming the message, which the
 * server keeps as the evidence. Answers the server's message.
 */
export async function reportMessage(message: ChatMessage): Promise<string | undefined> {
  const body: ReportBody = { reason: reportReasonFor(message), message_id: message.id };
  const response = await api.post<unknown>(`/users/${encodeURIComponent(message.user_id)}/report`, body);
  return response.message;
}
