import { PUSH_MESSAGES, type PushDevice, type PushTokenRegistration } from '@linkup/contract';
import { isAcceptedPushEndpoint, type PushEndpointPolicy } from '../../adapters/push/push-endpoint';
import { parseWebPushSubscription } from '../../adapters/push/web-push';
import { isUniqueViolation } from '../../db/errors';
import { isoNow, type Clock } from '../../lib/clock';
import { invalid } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import type { AuthenticatedMember } from '../../lib/session';
import { presentDevice } from './devices.presenter';
import type { DevicesRepository } from './devices.repository';

/**
 * The devices a member's pushes go to (spec §7 `POST|DELETE /user/fcm-token`): each session
 * registers its one device — a browser's Web Push subscription or the app's FCM token — and
 * removes it before logging out.
 */
export class DevicesService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly clock: Clock,
    /** Which Web Push endpoints the server will post to (a local fake push service in tests only). */
    private readonly pushEndpoints: PushEndpointPolicy,
  ) {}

  async register(member: AuthenticatedMember, body: PushTokenRegistration): Promise<PushDevice> {
    // A browser's token is its push subscription, at a push service the server will post to.
    if (body.device_type === 'web') {
      const subscription = parseWebPushSubscription(body.fcm_token);
      if (!subscription) throw invalid('push_subscription_invalid', { fcm_token: [PUSH_MESSAGES.invalidSubscription] }, PUSH_MESSAGES.invalidSubscription);
      if (!isAcceptedPushEndpoint(subscription.endpoint, this.pushEndpoints)) {
        throw invalid('push_endpoint_refused', { fcm_token: [PUSH_MESSAGES.endpointRefused] }, PUSH_MESSAGES.endpointRefused);
      }
    }
    const now = isoNow(this.clock);
    const device = {
      id: newId(),
      user_id: member.user.id,
      session_id: member.sessionId,
      token: body.fcm_token,
      device_type: body.device_type,
      device_name: body.device_name || null,
      user_agent: body.user_agent || null,
      created_at: now,
      updated_at: now,
    };
    try {
      return presentDevice(await this.repo.register(device));
    } catch (error) {
      // Another request registered the same token at the same moment: this one now refreshes it.
      if (!isUniqueViolation(error)) throw error;
      return presentDevice(await this.repo.register(device));
    }
  }

  /** Removes this session's device (and the given token when it is the member's own). */
  async remove(member: AuthenticatedMember, token?: string): Promise<void> {
    await this.repo.remove(member.user.id, member.sessionId, token);
  }
}
