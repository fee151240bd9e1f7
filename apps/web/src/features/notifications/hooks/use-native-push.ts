import { APP_NAME, PUSH_ERRORS, TIMINGS, type PushData } from '@linkup/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { registerPushToken } from '@/features/notifications/api/register-push-token';
import { tapAction } from '@/features/notifications/utils/card';
import { askPushPermission } from '@/features/notifications/utils/push-permission';
import { useMatchCelebration } from '@/lib/match-celebration';
import { markPushTokenSent, pushTokenNeedsSending, readStoredPushToken, storePushToken, usePushRequestStore } from '@/lib/push-token';
import { useSessionStore } from '@/lib/session-store';
import { platform, type PushMessage, type PushPlatform } from '@/platform/platform';

export interface PushHandlers {
  /** A push arrived while the app is open: show it in the app (the system shows nothing then). */
  onForeground: (message: PushMessage) => void;
  /** The member tapped a push or one of its actions: do what that action means (spec §2 routing). */
  onOpened: (action: string, data: PushData) => void;
}

const DEVICE_NAMES = { android: `${APP_NAME} for Android`, ios: `${APP_NAME} for iOS`, web: `${APP_NAME} on the web` } as const;

/**
 * This device's push token, when it may have one: permission already given, or given now after
 * the in-app explanation — asked only of a signed-in member, since nobody else gets pushes.
 * `asked`: the member pressed "Turn on" themselves, so no explanation first, and a blocked
 * permission is said (spec §8 "permission blocked").
 */
async function obtainToken(push: PushPlatform, mayAsk: boolean, asked: boolean): Promise<string | null> {
  try {
    let permission = await push.permission();
    if (permission === 'prompt') {
      if (!mayAsk || (!asked && !(await askPushPermission()))) return null;
      permission = await push.requestPermission();
    }
    // Blocked: said once, where the member pressed "Turn on" (Settings shows how to unblock it
    // for this browser); a moment's offer or a later page says nothing (issue 32 item 7).
    if (permission === 'denied' && asked) {
      usePushRequestStore.getState().setBlocked(true);
      toast.error(PUSH_ERRORS.permissionBlocked);
    }
    if (permission !== 'granted') return null;
    return await push.register();
  } catch (error) {
    console.warn('Push setup failed', error);
    if (asked || platform.isNative) toast.error(PUSH_ERRORS.subscribe);
    return null;
  }
}

/**
 * Push on both platforms (spec §4) — FCM in the native app, Web Push in the browser: setup starts 1 s after start; the token is kept on the device and sent
 * with POST /user/fcm-token whenever a member is signed in and the server does not have it yet
 * for them (a token saved while signed out is sent after login; again after 7 days; a token the
 * push service replaces mid-session at once). Pushes
 * arriving in the foreground and taps on pushes go to `handlers`.
 */
export function useNativePush(handlers: PushHandlers): void {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const [token, setToken] = useState<string | null>(readStoredPushToken);
  const [started, setStarted] = useState(false);
  const handlersRef = useRef(handlers);
  const registering = useRef(false);
  const registered = useRef(false);

  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    const push = platform.push;
    if (!push) return;
    const timer = setTimeout(() => setStarted(true), TIMINGS.nativePushSetupDelayMs);
    const offForeground = push.onForeground((message) => handlersRef.current.onForeground(message));
    const offOpened = push.onOpened((message, actionId) =>
      handlersRef.current.onOpened(actionId === 'tap' ? tapAction(message.data) : actionId, message.data),
    );
    // A token the push service replaced mid-session goes to the server like the first one.
    const offRefresh = push.onTokenRefresh((value) => {
      storePushToken(value);
      setToken(value);
    });
    return () => {
      clearTimeout(timer);
      offForeground();
      offOpened();
      offRefresh();
    };
  }, []);

  // The web asks only when the member asked ('Turn on push notifications' in Settings) — never on
  // load, and never as a dialog over what the member is doing when a card arrives (it took the
  // click meant for the page); the native app asks at start (spec §4: push setup after 1 s).
  // Issue 32 item 7: a first match or a first message sent is a moment that makes sense — the
  // in-app explanation comes first ("Not now" keeps it away for a week), then the browser's prompt.
  const requested = usePushRequestStore((s) => s.requested);
  const offered = usePushRequestStore((s) => s.offered);
  const mayAsk = userId !== null && (platform.isNative || requested > 0 || offered > 0);
  // Offered at a match: the explanation waits until "It's a match!" is closed — never a second
  // dialog over the first (it took the clicks meant for Start Chat and Keep browsing).
  const celebrating = useMatchCelebration((s) => s.memberId !== null);
  useEffect(() => {
    const push = platform.push;
    if (!push || !started || registering.current || (registered.current && requested === 0)) return;
    if (celebrating && requested === 0) return;
    registering.current = true;
    void obtainToken(push, mayAsk, requested > 0)
      .then((value) => {
        if (!value) return;
        registered.current = true;
        storePushToken(value);
        setToken(value);
      })
      .finally(() => {
        registering.current = false;
      });
  }, [started, mayAsk, requested, offered, celebrating]);

  useEffect(() => {
    if (!platform.push || !userId || !token || !pushTokenNeedsSending(token, userId)) return;
    const deviceType = platform.getPlatform();
    registerPushToken({
      fcm_token: token,
      device_type: deviceType,
      device_name: DEVICE_NAMES[deviceType],
      user_agent: navigator.userAgent.slice(0, 1000),
    })
      .then(() => markPushTokenSent(token, userId))
      .catch((error: unknown) => {
        console.warn('Could not send the push token', error);
        if (navigator.onLine) toast.error(PUSH_ERRORS.update);
      });
  }, [userId, token]);
}
