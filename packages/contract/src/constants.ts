/** Business constants and limits of spec §9 — defined once, imported by client and server. */

export const APP_NAME = 'LinkUp';
export const APP_VERSION = '1.0.0';
export const LOGO_PATH = '/images/logo.png';
/** The service worker: app shell offline, and Web Push (spec §4 "a fixed file path in the site root"). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The first path segments the server answers itself, never with a page of the app: the API, the
 * socket, stored photos, dev pages and the app-link files. The server answers an unknown one 404
 * (not the app's index.html); the service worker never answers one from its cache.
 */
export const SERVER_PATH_PREFIXES = ['api', 'socket.io', 'media', 'dev', '.well-known'] as const;

/** Whether `pathname` (no query) is one of the server's own (SERVER_PATH_PREFIXES). Self-contained but for that list: the service worker runs it as is. */
export function isServerPath(pathname: string): boolean {
  const first = pathname.startsWith('/') ? pathname.split('/')[1] : undefined;
  return first !== undefined && (SERVER_PATH_PREFIXES as readonly string[]).includes(first);
}

/** Timings in milliseconds. */
export const TIMINGS = {
  toastMs: 5_000,
  inAppNotificationMs: 8_000,
  desktopNotificationMs: 5_000,
  messagesRefreshMs: 30_000,
  typingIdleMs: 2_000,
  nativePushSetupDelayMs: 1_000,
  pushTokenRefreshMs: 7 * 24 * 60 * 60 * 1_000,
} as const;

export const TOAST_POSITION = 'top-right' as const;
export const NOTIFICATION_SOUND_VOLUME = 0.5;
export const NOTIFICATION_SOUNDS = ['match', 'message', 'like', 'view'] as const;

/** What an id of a member, room, message or post looks like (opaque; checked before any query). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const PAGE_SIZES = {
  chatMessages: 50,
  chatRooms: 15,
  /** Message requests (issue 29): paginated like rooms. */
  chatRequests: 15,
  userSearch: 10,
  /** Upper bound any list endpoint accepts for per_page. */
  max: 100,
} as const;

export const COMPOSER_MAX_HEIGHT_PX = 128;
/** Badges show "9+" above this number. */
export const BADGE_CAP = 9;
/** Initials show at most this many letters. */
export const INITIALS_MAX = 2;

export const FEED_DEFAULTS = {
  preferredAgeMin: 18,
  preferredAgeMax: 35,
  isAvailable: true,
} as const;

/** Members must be adults; the oldest age any age filter accepts. */
export const AGE_LIMITS = { min: 18, max: 99 } as const;

/**
 * Retry helper (spec §7: "retry a call up to 3 times with delays of 1, 2 and 3 seconds"; §9: "3
 * attempts, delay 1 second times the attempt number" — the 3 attempts are the retries): the first
 * try, then up to 3 retries waiting 1 s × the retry's number before each (issue 32).
 */
export const RETRY_POLICY = { retries: 3, baseDelayMs: 1_000 } as const;

/** Time display: 'Just now' under a minute, then minutes, hours, then a date. */
export const RELATIVE_TIME = {
  justNowMs: 60_000,
  roomListThresholdDays: 7,
} as const;

/** UI defaults of spec §9 (PrimeReact + dialogs). */
export const UI_DEFAULTS = {
  ripple: true,
  inputStyle: 'filled',
  darkMode: 'system',
  dateFormat: 'mm/dd/yy',
  firstDayOfWeek: 0,
  zIndex: { overlay: 1000, modal: 1100 },
  // Blue, red and grey as the spec says, each dark enough for white text (WCAG AA, 4.5:1).
  dialog: {
    confirmButtonColor: '#2778c4',
    cancelButtonColor: '#d33',
    denyButtonColor: '#646e78',
    confirmButtonText: 'OK',
    denyButtonText: 'No',
    cancelButtonText: 'Cancel',
  },
} as const;

/** Ads SDK: testing mode with one test device (spec §4, §9). */
export const ADS = { testing: true, testDeviceCount: 1 } as const;

/** Field lengths shared by forms and server validation. */
export const FIELD_LIMITS = {
  nameMax: 80,
  emailMax: 254,
  mobileMax: 20,
  passwordMin: 8,
  passwordMax: 128,
  chatMessageMax: 2_000,
  roomNameMax: 120,
  /** A member search needs this many characters: one letter would list nearly everyone. */
  searchMin: 2,
  searchMax: 100,
  aboutMax: 1_000,
  cityMax: 80,
} as const;

/**
 * Native app identity (Capacitor), the custom URL scheme deep links use (spec §2) and the https
 * host whose links open the app by default (Android App Links, iOS Universal Links; a build
 * setting, LINKUP_HOST, overrides it per deployment: docs/mobile.md).
 */
export const NATIVE_APP = {
  appId: 'app.linkup',
  scheme: 'linkup',
  linkHost: 'linkup.app',
  /** https paths on that host the app opens (the rest — API, media — stays in the browser). */
  linkPathPrefixes: ['/app/', '/auth/', '/onboarding/'],
  /**
   * Android's notification channel for pushes (the app creates it; FCM messages name it, and the
   * manifest's default for messages that name none), and the sound iOS plays for a push.
   */
  pushChannel: { id: 'linkup_default', name: 'LinkUp notifications', description: 'Matches, messages, likes and visits' },
  pushSound: 'default',
} as const;
