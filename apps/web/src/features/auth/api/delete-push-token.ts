import { api } from '@/lib/api-client';

/**
 * DELETE /user/fcm-token, called before logout (spec §7) so this device stops receiving the
 * member's pushes. Sends the stored token when there is one.
 */
export async function deletePushToken(fcmToken: string | null): Promise<void> {
  await api.delete<null>('/user/fcm-token', fcmToken ? { body: { fcm_token: fcmToken } } : undefined);
}
