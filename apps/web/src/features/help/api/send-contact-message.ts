import { type ContactBody, type SupportMessage } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /help/contact {subject, message} → the stored message; the support team gets it by e-mail. */
export async function sendContactMessage(body: ContactBody): Promise<SupportMessage & { message: string | undefined }> {
  const response = await api.post<unknown>('/help/contact', body);
  return { ...(await schemas()).SupportMessageSchema.parse(response.data), message: response.message };
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
