/**
 * The one place that knows whether LinkUp runs in a browser or inside the native shell. Features
 * and app/ ask `platform` (or `getPlatform()`), never Capacitor directly. Capabilities one side
 * lacks are absent (`push`, `ads`), so callers check for them instead of calling a stub.
 */
import { Capacitor } from '@capacitor/core';
import type { PushData, Store, StoreProduct } from '@linkup/contract';
import type { DevicePosition } from '@/platform/geolocation';
import { webPlatform } from '@/platform/web/web-platform';

export type PlatformName = 'web' | 'android' | 'ios';
export type Unsubscribe = () => void;
export type ColorScheme = 'light' | 'dark';

/** 'prompt': not asked yet (or asked and dismissed, where the system allows asking again). */
export type PushPermission = 'granted' | 'denied' | 'prompt';

/** A push as it reaches the app: spec §3 push data, and what the system would have shown. */
export interface PushMessage {
  data: PushData;
  title?: string;
  body?: string;
}

/** Native push (FCM) on the device. */
export interface PushPlatform {
  permission(): Promise<PushPermission>;
  /** Shows the system prompt (where it may still be shown) and answers the result. */
  requestPermission(): Promise<PushPermission>;
  /** Registers with the push service and answers this device's token. */
  register(): Promise<string>;
  /** The push service replaced this device's token (after `register`); the new one must reach the server. */
  onTokenRefresh(handler: (token: string) => void): Unsubscribe;
  /** A push that arrives while the app is open (the system shows nothing then). */
  onForeground(handler: (message: PushMessage) => void): Unsubscribe;
  /** The member tapped a push (or one of its actions) in the system tray. */
  onOpened(handler: (message: PushMessage, actionId: string) => void): Unsubscribe;
}

export interface AdsSettings {
  /** The one device registered for test ads (spec §4 "testing mode with one test device"). */
  testDevice: string;
  /** Test ads only (the default); a release build with its own ad units turns it off (VITE_ADMOB_TESTING). */
  testing: boolean;
}

/** The ads SDK (AdMob) of the native app. */
export interface AdsPlatform {
  /**
   * Asks for consent where the law needs it (Google UMP) before anything else, then the iOS
   * tracking question, then starts the SDK. Answers whether ads may be requested.
   */
  initialize(settings: AdsSettings): Promise<boolean>;
  /** Whether the member must be able to change their ad consent later ("Privacy choices"; EEA, UK). */
  privacyChoicesRequired(): Promise<boolean>;
  /** Google's form for changing that consent. */
  showPrivacyChoices(): Promise<void>;
  /** A banner above the tab bar; `onHeight` hears its height in CSS pixels as it loads (0 when gone). */
  showBanner(adUnitId: string, onHeight: (px: number) => void): Promise<void>;
  hideBanner(): Promise<void>;
}

/** What a store gives the app for a purchase, for the server to verify (issue 34 item 2). */
export type StoreProof =
  /** StoreKit 2: the signed transaction (JWS), and its id for finishing it once the server has it. */
  | { store: 'apple'; signedTransaction: string; transactionId: string }
  /** Play Billing: the purchase token (the server acknowledges it). */
  | { store: 'google'; purchaseToken: string };

/** How a purchase in the store's sheet ended without a proof. */
export type StoreOutcome = { kind: 'bought'; proof: StoreProof } | { kind: 'cancelled' } | { kind: 'pending' };

/** The store's billing (StoreKit, Play Billing) in a native build whose store is configured. */
export interface StoreBilling {
  readonly store: Store;
  /**
   * Opens the store's purchase sheet for a plan's product; `accountToken` (ours, from the server)
   * ties the purchase to the member. Rejects when the store fails.
   */
  purchase(product: StoreProduct, accountToken: string): Promise<StoreOutcome>;
  /** Once the server has a purchase: StoreKit finishes its transaction (Play's the server acknowledged). */
  finish(proof: StoreProof): Promise<void>;
  /** Restore purchases: syncs with the store and answers the proofs of the member's current subscriptions. */
  restore(): Promise<StoreProof[]>;
  /** The store's own page for managing (cancelling) subscriptions. */
  manage(): Promise<void>;
}

export interface Platform {
  getPlatform(): PlatformName;
  readonly isNative: boolean;
  /** The hardware back button (Android); nothing on the web, where the browser owns back. */
  onBackButton(handler: () => void): Unsubscribe;
  /** Links that open the app (`linkup://…` or a universal link); nothing on the web. */
  onDeepLink(handler: (url: string) => void): Unsubscribe;
  /**
   * The app is back in the foreground after the system suspended it (native): its connections may
   * have died meanwhile without saying so. Nothing on the web, where the page keeps running.
   */
  onResume(handler: () => void): Unsubscribe;
  exitApp(): Promise<void>;
  /** The device position, once (rejects with a PositionError when it cannot be had). */
  currentPosition(): Promise<DevicePosition>;
  /** Keeps the app shell on the device so it opens offline: the service worker on the web. */
  installAppShell(): Promise<void>;
  /** Hides the native launch screen once the first screen is there. */
  hideSplash(): Promise<void>;
  /** Status bar colours for the page's light or dark look. */
  setStatusBar(scheme: ColorScheme): Promise<void>;
  /**
   * Whether this build may offer premium for sale. The web sells through the payments provider's
   * checkout. The stores refuse apps that sell a digital subscription any other way than their own
   * billing (App Store Review 3.1.1, Play's payments policy): a native build sells only through
   * `storeBilling`, and without it (its store not configured) shows no purchase button or upsell
   * link. Premium bought elsewhere applies in every build (the server decides what a member may do).
   */
  readonly sellsPremium: boolean;
  /** The store's billing: a native build whose store is configured (VITE_STORE_BILLING_*). Absent on the web. */
  readonly storeBilling?: StoreBilling;
  /** Absent where pushes cannot work: a browser without the Push API, a native build without Firebase. */
  readonly push?: PushPlatform;
  readonly ads?: AdsPlatform;
}

/**
 * The native side (Capacitor plugins, push, ads) loads only inside the native shell: a browser
 * never downloads it (issue #18's first-load budget).
 */
export const platform: Platform = Capacitor.isNativePlatform()
  ? (await import('@/platform/native/native-platform')).nativePlatform
  : webPlatform;

export const getPlatform = (): PlatformName => platform.getPlatform();
