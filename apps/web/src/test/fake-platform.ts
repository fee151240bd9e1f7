import type { PushData } from '@linkup/contract';
import { vi } from 'vitest';
import type { Platform, PushMessage, PushPermission, StoreOutcome, StoreProof } from '@/platform/platform';

type Handler<A extends unknown[]> = (...args: A) => void;

/** The proof a fake store gives for a purchase of `productId` (what the server would verify). */
export function fakeProof(name: 'android' | 'ios', productId: string): StoreProof {
  return name === 'ios'
    ? { store: 'apple', signedTransaction: `jws.${productId}.signed`, transactionId: `2000000${productId.length}` }
    : { store: 'google', purchaseToken: `play-token.${productId}` };
}

/**
 * A native platform for tests, faked at the `platform/` boundary: what the app asks of the device
 * is recorded (vi.fn), and what the device does — a push arriving or tapped, the back button, a
 * link opening the app, the store's purchase sheet — is played by the test. `store`: a build whose
 * store billing is configured (VITE_STORE_BILLING_*); its sheet buys unless the test says otherwise.
 */
export function fakeNativePlatform(name: 'android' | 'ios' = 'android', { firebase = true, store = false }: { firebase?: boolean; store?: boolean } = {}) {
  const back = new Set<Handler<[]>>();
  const links = new Set<Handler<[string]>>();
  const resumes = new Set<Handler<[]>>();
  const foreground = new Set<Handler<[PushMessage]>>();
  const opened = new Set<Handler<[PushMessage, string]>>();
  const tokens = new Set<Handler<[string]>>();
  const listen = <A extends unknown[]>(set: Set<Handler<A>>) => (handler: Handler<A>) => {
    set.add(handler);
    return () => void set.delete(handler);
  };

  const push = {
    permission: vi.fn(async (): Promise<PushPermission> => 'granted'),
    requestPermission: vi.fn(async (): Promise<PushPermission> => 'granted'),
    register: vi.fn(async () => 'fcm-device-token-1'),
    onTokenRefresh: listen(tokens),
    onForeground: listen(foreground),
    onOpened: listen(opened),
  };
  const ads = {
    initialize: vi.fn(async () => true),
    privacyChoicesRequired: vi.fn(async () => false),
    showPrivacyChoices: vi.fn(async () => {}),
    showBanner: vi.fn(async (_adUnitId: string, onHeight: (px: number) => void) => onHeight(50)),
    hideBanner: vi.fn(async () => {}),
  };
  const storeBilling = {
    store: name === 'ios' ? ('apple' as const) : ('google' as const),
    purchase: vi.fn(async (product: { product_id: string }, _accountToken: string): Promise<StoreOutcome> => ({ kind: 'bought', proof: fakeProof(name, product.product_id) })),
    finish: vi.fn(async (_proof: StoreProof) => {}),
    restore: vi.fn(async (): Promise<StoreProof[]> => []),
    manage: vi.fn(async () => {}),
  };
  const platform = {
    getPlatform: () => name,
    isNative: true,
    sellsPremium: store,
    ...(store ? { storeBilling } : {}),
    onBackButton: listen(back),
    onDeepLink: listen(links),
    onResume: listen(resumes),
    exitApp: vi.fn(async () => {}),
    currentPosition: vi.fn(async () => ({ latitude: 0, longitude: 0 })),
    installAppShell: vi.fn(async () => {}),
    hideSplash: vi.fn(async () => {}),
    setStatusBar: vi.fn(async () => {}),
    // A build without Firebase has no push (native-platform.ts).
    ...(firebase ? { push } : {}),
    ads,
  } satisfies Platform;

  return {
    platform,
    push,
    ads,
    storeBilling,
    /** Whether the app listens for the return from the background yet (the shell's syncs load after the first page). */
    listensForResume: () => resumes.size > 0,
    /** Whether the app listens for pushes yet (the notification centre loads after the first render). */
    listensForPushes: () => foreground.size > 0 && opened.size > 0,
    pushArrives: (data: PushData, text: { title?: string; body?: string } = {}) => foreground.forEach((h) => h({ data, ...text })),
    pushTapped: (data: PushData, actionId = 'tap') => opened.forEach((h) => h({ data }, actionId)),
    /** The push service replaced the device's token (FCM's onNewToken). */
    tokenRefreshed: (token: string) => tokens.forEach((h) => h(token)),
    /**
     * The hardware back button, once the app listens for it: the listener is registered in an
     * effect, which may run a moment after the page's heading shows (a press before it would be lost).
     */
    pressBack: async () => {
      await vi.waitFor(() => {
        if (back.size === 0) throw new Error('the app does not listen for the back button yet');
      });
      back.forEach((h) => h());
    },
    openLink: (url: string) => links.forEach((h) => h(url)),
    /** The app returns to the foreground after the system suspended it. */
    resume: () => resumes.forEach((h) => h()),
  };
}

export type FakeNativePlatform = ReturnType<typeof fakeNativePlatform>;
