import type { PushDevice, PushTokenRegistration } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /user/fcm-token: registers (or refreshes) this device's push token for the session (spec §7). */
export async function registerPushToken(body: PushTokenRegistration): Promise<PushDevice> {
  const response = await api.post<unknown>('/user/fcm-token', body);
  return (await schemas()).PushDeviceSchema.parse(response.data);
}
