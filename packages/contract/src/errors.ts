/** The error catalogue of spec §8: status → message, error codes, friendly messages and every toast text. */

/**
 * The stable `code` of every API error (and socket command failure). Clients branch on the code
 * and its `details`, never on the English message, which may change. Spec §8's statuses and texts
 * are unchanged: each code belongs to one status.
 */
export const ERROR_CODE_STATUS = {
  bad_request: 400,
  /** The feed needs the member's dating preferences first (onboarding's preferences step). */
  preferences_required: 400,
  /** A payment provider's webhook whose signature does not verify (or is too old): nothing changes. */
  webhook_signature_invalid: 400,
  /** A store's signed transaction that does not verify (chain, bundle id, environment) (issue 34). */
  store_transaction_invalid: 400,
  /** A store notification about another app than this server's (Google Play's package name) (issue 34). */
  store_notification_foreign: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  premium_required: 402,
  forbidden: 403,
  /** An appeal is decided by another moderator than the one who made the decision (issue 30). */
  same_moderator: 403,
  /** A banned member's number or e-mail (kept as an HMAC, even after deletion) cannot register again (issue 30). */
  registration_refused: 403,
  not_found: 404,
  /** The store is not configured on this server (nothing is sold through it) (issue 34). */
  store_not_configured: 404,
  /** Another member: unknown, hidden, blocked either way or deleted — all look the same. */
  member_not_found: 404,
  match_not_found: 404,
  room_not_found: 404,
  message_not_found: 404,
  post_not_found: 404,
  photo_not_found: 404,
  notification_not_found: 404,
  report_not_found: 404,
  decision_not_found: 404,
  appeal_not_found: 404,
  plan_not_found: 404,
  payment_not_found: 404,
  /** The member has no subscription to manage. */
  subscription_not_found: 404,
  /** The payment provider offers no billing portal for this member (the sandbox has none). */
  billing_portal_not_found: 404,
  /** A real-time channel that does not exist or that the member may not follow (the two look the same). */
  channel_not_found: 404,
  /** A socket command the server does not know. */
  command_not_found: 404,
  conflict: 409,
  /** A message request was accepted or declined meanwhile: reload the room and send again. */
  request_changed: 409,
  /** The member's post exists already (one post per member): edit it instead. */
  post_exists: 409,
  /** The member has a live subscription that does not end at its period's end. */
  already_subscribed: 409,
  /** A store transaction bought with another member's account token (or none that names this member) (issue 34). */
  store_transaction_not_yours: 409,
  /** A moderator's decision on this report (or appeal) was made already, by someone else or an earlier request. */
  report_decided: 409,
  appeal_decided: 409,
  /** The decision already has an appeal (one per decision, issue 30). */
  appeal_exists: 409,
  /** The decision can no longer be appealed (6 months passed, or dismissals and lifted restrictions, issue 30). */
  appeal_closed: 409,
  already_matched: 409,
  nothing_to_undo: 409,
  match_cannot_be_undone: 409,
  boost_active: 409,
  client_id_taken: 409,
  /** A message request waits for the recipient: its sender may send one message until it is accepted (issue 29). */
  request_pending: 409,
  /** Likes, super likes and messages wait until the member has finished onboarding (issue 17). */
  onboarding_required: 409,
  /** Likes, super likes and messages wait until the member has confirmed their mobile number with a code (issue 27). */
  mobile_unverified: 409,
  /** A message the offensive-language filter flags: sent only again with `confirm: true` (issue 29). */
  confirm_required: 409,
  /** Photo verification needs a main profile photo that shows a face (issue 31). */
  verification_photo_required: 409,
  /** A selfie already waits for a moderator: no new challenge until it is decided (issue 31). */
  verification_pending: 409,
  /** The member is verified already (issue 31). */
  already_verified: 409,
  payload_too_large: 413,
  /**
   * The member is suspended or banned (issue 30): a restricted session reaches only the standing
   * page, appeals, export, deletion and logout. 423, not 401/403, so the client does not sign out;
   * `details.until` says when a suspension ends (null for a ban).
   */
  account_suspended: 423,
  unsupported_media_type: 415,
  validation_failed: 422,
  /** A verified store transaction of a product that is not one of our plans (issue 34). */
  store_product_unknown: 422,
  /** Field-level refusals; `errors` names the field (so each form can show it where it belongs). */
  mobile_invalid: 422,
  otp_invalid: 422,
  email_taken: 422,
  mobile_taken: 422,
  /** The number the member registered with was confirmed by another account first. */
  mobile_claimed: 422,
  email_unchanged: 422,
  mobile_unchanged: 422,
  password_unchanged: 422,
  /** The current password given to confirm a change is wrong. */
  password_wrong: 422,
  password_too_common: 422,
  /** A banned member's number or e-mail, refused as a member's new contact (issue 30). */
  contact_refused: 422,
  email_already_verified: 422,
  mobile_already_confirmed: 422,
  verification_link_invalid: 422,
  reset_link_invalid: 422,
  /** The phone sign-up's token is unknown, used or expired (issue 32): prove the number with a new code. */
  signup_invalid: 422,
  /** Registration's fields were refused (`errors` per field: mobile, e-mail, password). */
  registration_invalid: 422,
  /** Onboarding cannot finish yet: `errors` names each missing step. */
  onboarding_incomplete: 422,
  preferences_invalid: 422,
  /** The shared position is farther than any city LinkUp knows. */
  location_too_far: 422,
  interest_unknown: 422,
  interests_too_many: 422,
  photo_missing: 422,
  photo_too_large: 422,
  /** Not an image, a format or encoding that cannot be read, or a corrupt file. */
  photo_unreadable: 422,
  /** The member has as many photos as a profile may hold. */
  photos_full: 422,
  /** A reorder that does not list exactly the member's photos. */
  photo_order_invalid: 422,
  /** A like, super like, pass, block or report aimed at oneself. */
  own_profile: 422,
  own_post: 422,
  post_image_twice: 422,
  /** A post image that is neither a fresh upload of this post nor one of the member's profile photos. */
  post_image_invalid: 422,
  /** A feed page link that is not one the server gave (or no longer valid). */
  cursor_invalid: 422,
  push_subscription_invalid: 422,
  messages_from_matches_only: 422,
  /** The recipient accepts messages only from matches and photo-verified members (issue 31): get verified. */
  messages_from_verified_only: 422,
  /** A Web Push subscription whose endpoint is not a known push service's https address (issue 27). */
  push_endpoint_refused: 422,
  rate_limited: 429,
  /** Real-time connection attempts from one address: try again in a while. */
  socket_connect_limit: 429,
  /** The member has as many real-time connections open as allowed (SOCKETS_PER_MEMBER). */
  socket_limit: 429,
  /** Channel subscriptions per minute. */
  subscribe_limit: 429,
  /** The free daily likes are used up; `details.resets_at` says when more come. */
  daily_likes_used: 429,
  /** The daily super likes are used up; `details.resets_at` says when more come. */
  daily_super_likes_used: 429,
  boost_used: 429,
  login_locked: 429,
  otp_cooldown: 429,
  otp_locked: 429,
  otp_limit: 429,
  report_limit: 429,
  contact_limit: 429,
  /** Own location changed too often today; `details.resets_at` says when the next change is allowed. */
  location_change_limit: 429,
  /** The new conversations a member may start today are used up; `details.remaining` and `details.resets_at` (issue 29). */
  first_message_limit: 429,
  /** Today's selfie checks are used up (5 a day); `details.resets_at` says when more come (issue 31). */
  verification_limit: 429,
  server_error: 500,
  unavailable: 503,
  /** WhatsApp delivery is not configured on this server. */
  whatsapp_unavailable: 503,
  /** E-mail delivery is not configured on this server. */
  mail_unavailable: 503,
  /** No payment provider is configured here (or not the one the member's subscription is with). */
  payment_provider_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
/** The statuses the catalogue's codes have. */
export type ErrorStatus = (typeof ERROR_CODE_STATUS)[ErrorCode];
/** The codes of one status: `ErrorCodeOf<404>` is `'not_found' | 'member_not_found' | …`. */
export type ErrorCodeOf<S extends ErrorStatus> = { [C in ErrorCode]: (typeof ERROR_CODE_STATUS)[C] extends S ? C : never }[ErrorCode];
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

/** What some errors add for the client to act on (all optional). */
export interface ErrorDetails {
  /** When a daily allowance comes back (ISO-8601, UTC). */
  resets_at?: string;
  /** How many more of the limited thing are left before `resets_at` (first messages). */
  remaining?: number;
  /** account_suspended: when the suspension ends (ISO-8601, UTC); null for a ban (issue 30). */
  until?: string | null;
  /** otp_invalid: wrong tries the code has left (issue 32). */
  tries_left?: number;
  /** login_locked: seconds until sign-in attempts are allowed again (issue 32). */
  retry_after?: number;
}

/** Whether `value` is a code of the catalogue (what ErrorCodeSchema accepts, without zod for the web's first pages). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODE_STATUS, value);
}

/** The details an error body carries, as ErrorDetailsSchema reads them (unknown fields dropped); undefined when malformed. */
export function errorDetailsFrom(value: unknown): ErrorDetails | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { resets_at: resetsAt, remaining, until, tries_left: triesLeft, retry_after: retryAfter } = value as {
    resets_at?: unknown; remaining?: unknown; until?: unknown; tries_left?: unknown; retry_after?: unknown;
  };
  const count = (n: unknown) => n === undefined || (typeof n === 'number' && Number.isInteger(n) && n >= 0);
  if (resetsAt !== undefined && typeof resetsAt !== 'string') return undefined;
  if (!count(remaining) || !count(triesLeft) || !count(retryAfter)) return undefined;
  if (until !== undefined && until !== null && typeof until !== 'string') return undefined;
  return {
    ...(resetsAt !== undefined ? { resets_at: resetsAt } : {}),
    ...(remaining !== undefined ? { remaining: remaining as number } : {}),
    ...(until !== undefined ? { until } : {}),
    ...(triesLeft !== undefined ? { tries_left: triesLeft as number } : {}),
    ...(retryAfter !== undefined ? { retry_after: retryAfter as number } : {}),
  };
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request', 401: 'unauthenticated', 402: 'premium_required', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
  413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'validation_failed', 429: 'rate_limited', 500: 'server_error', 503: 'unavailable',
};

/** The general code of a status, for errors that have no more specific one. */
export function errorCodeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
}

export const STATUS_MESSAGES = {
  400: 'Bad request. Please check your input.',
  401: 'Authentication required. Please log in.',
  403: "Access denied. You don't have permission.",
  404: 'Resource not found.',
  422: 'Validation failed. Please check your input.',
  429: 'Too many requests. Please try again later.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again later.',
} as const;

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
/** Status the client reports for a request that never reached the server. */
export const NETWORK_ERROR_STATUS = 0;

/** Statuses whose message is always the catalogue's, whatever the server said. */
const FIXED_STATUSES = new Set([401, 429, 500, 503]);

/**
 * Whether the catalogue lets the server's own message through for `status` (spec §8's "server
 * message, else …" rows: 400, 403, 404, 422 and the others), not for 401, 429, 500, 503 or a
 * network failure.
 */
export const statusShowsServerMessage = (status: number): boolean => status !== NETWORK_ERROR_STATUS && !FIXED_STATUSES.has(status);

/**
 * The message a client shows for an HTTP status: the server's own message where the catalogue
 * allows it, else the catalogue's default.
 */
export function messageForStatus(status: number, serverMessage?: string | null): string {
  const known = STATUS_MESSAGES[status as keyof typeof STATUS_MESSAGES] as string | undefined;
  const fromServer = typeof serverMessage === 'string' && serverMessage.trim() ? serverMessage : undefined;
  if (status === NETWORK_ERROR_STATUS) return NETWORK_ERROR_MESSAGE;
  if (known && !statusShowsServerMessage(status)) return known;
  return fromServer ?? known ?? UNEXPECTED_ERROR_MESSAGE;
}

export const FRIENDLY_MESSAGES = {
  network: 'Please check your internet connection and try again.',
  auth: 'Please log in again to continue.',
  validation: 'Please check your input and try again.',
  fallback: 'Something went wrong. Please try again.',
} as const;

/** A message fit to show a member, by the kind of failure. */
export function friendlyMessage(error: { status: number; message?: string | null }): string {
  if (error.status === NETWORK_ERROR_STATUS) return FRIENDLY_MESSAGES.network;
  if (error.status === 401 || error.status === 403) return FRIENDLY_MESSAGES.auth;
  if (error.status === 422) return FRIENDLY_MESSAGES.validation;
  return error.message?.trim() ? error.message : FRIENDLY_MESSAGES.fallback;
}

export const SUCCESS_TOASTS = {
  /** Spec §8 said 'OTP sent to your WhatsApp!': "OTP" never appears in the UI (issue 32, docs/decisions.md). */
  otpSent: 'Code sent to your WhatsApp!',
  otpResent: 'New code sent to your WhatsApp!',
  loginSuccess: 'Login successful!',
  registrationSuccess: 'Registration successful!',
  logoutSuccess: 'Logged out successfully',
  chatStarted: 'Chat started successfully',
  messageUpdated: 'Message updated successfully',
  messageDeleted: 'Message deleted successfully',
  leftChatRoom: 'Left chat room successfully',
  /** Fallbacks when the server sends no message of its own. */
  resetLinkSent: 'Password reset link has been sent to your email/mobile',
  passwordReset: 'Your password has been reset successfully',
} as const;

export const FAILURE_TOASTS = {
  /** Spec §8 said 'Failed to send OTP' and 'Invalid OTP' (issue 32: no "OTP" in the UI). */
  sendOtp: 'Failed to send the code',
  invalidOtp: "That code isn't right",
  login: 'Login failed',
  registration: 'Registration failed',
  logout: 'Logout failed',
  sendResetLink: 'Failed to send reset link',
  resetPassword: 'Failed to reset password',
  fetchChatRooms: 'Failed to fetch chat rooms',
  fetchChatRoom: 'Failed to fetch chat room',
  createChatRoom: 'Failed to create chat room',
  fetchMessages: 'Failed to fetch messages',
  sendMessage: 'Failed to send message',
  editMessage: 'Failed to edit message',
  deleteMessage: 'Failed to delete message',
  searchUsers: 'Failed to search users',
  leaveChatRoom: 'Failed to leave chat room',
} as const;

export const FEED_ERRORS = {
  loadFeed: 'Failed to load feed',
  loadOwnPost: 'Failed to load your post',
  createPost: 'Failed to create post',
  updatePost: 'Failed to update post',
  deletePost: 'Failed to delete post',
  loadNotifications: 'Failed to load notifications',
} as const;

export const PUSH_ERRORS = {
  permissionBlocked: 'Notification permission is blocked',
  unsupported: 'This browser lacks the support push notifications need',
  subscribe: 'Failed to subscribe to push notifications',
  update: 'Failed to update the push token',
  remove: 'Failed to remove the push token',
} as const;

/** Texts the screens of spec §2 and §5 show word for word. */
export const UI_TEXTS = {
  exitAppConfirm: 'Are you sure you want to exit the app?',
  /** Its confirm button (issue 32: a question's button names its action, not 'OK'). */
  exitApp: 'Exit',
  /** A page that failed to render or to load its code (ours, issue 32), instead of a technical message. */
  pageError: {
    title: 'Something went wrong',
    text: 'This page ran into a problem. Reload to try again, or go to Home.',
    chunkTitle: 'This page could not load',
    chunkText: 'LinkUp may have been updated, or your connection dropped. Reload to get the latest version.',
    reloading: 'Updating LinkUp…',
    reload: 'Reload',
    home: 'Home',
  },
  noMobileNumber: 'No mobile number found. Please start over.',
  roomIdRequired: 'Room ID is required to send a message',
  searchUnavailable: 'Feature Currently being updated',
  /** On the sign-in page after the server ended this device's session (another device, a password change). */
  signedOutHere: 'You were signed out on this device.',
  messages: {
    noConversations: 'No conversations yet',
    noConversationsHint: 'Start a conversation by searching for users above',
    searching: 'Searching for',
    noUsersFound: 'No users found for',
    tryDifferentSearch: 'Try a different search term',
    noMessagesYet: 'No messages yet',
    chatWithPrefix: 'Chat with',
  },
  chat: {
    loading: 'Loading...',
    activeNow: 'Active now',
    leaveChat: 'Leave Chat',
    cancel: 'Cancel',
    leaveConfirm: 'Are you sure you want to leave this chat?',
    noMessagesYet: 'No messages yet',
    noMessagesHint: 'Start the conversation by sending a message',
    loadEarlier: 'Load earlier messages',
    edited: '(edited)',
    editingMessage: 'Editing message',
    save: 'Save',
    composerPlaceholder: 'Type a message...',
    /** Ours (issue 32): under the member's last message once the other member has read it. */
    seen: 'Seen',
  },
  more: {
    upgradeTitle: 'Upgrade to Premium',
    upgradeBody: 'Unlock unlimited likes, see who likes you, and boost your profile',
    loggingOut: 'Logging out...',
    logout: 'Logout',
  },
  /** Day separators in a conversation (ours, issue 32) besides weekdays and dates. */
  time: { justNow: 'Just now', today: 'Today', yesterday: 'Yesterday' },
  /** The connection banner (ours; the spec does not show one). */
  offline: {
    title: "You're offline",
    hint: 'LinkUp shows what it already has and reconnects by itself when your connection returns.',
    backOnline: "You're back online",
  },
  /** The in-app explanation shown before the system asks for notification permission (ours). */
  pushPrompt: {
    title: 'Turn on notifications?',
    body: 'Know right away when someone likes you, matches with you or sends you a message. You can change this any time in Settings.',
    allow: 'Turn on',
    later: 'Not now',
  },
  /** How to unblock notifications, per browser (issue 32 item 7), shown where the member pressed "Turn on". */
  pushUnblock: {
    title: 'Notifications are blocked in this browser',
    chrome: 'Click the icon left of the address bar, open Site settings, set Notifications to Allow, then reload the page.',
    edge: 'Click the lock icon left of the address bar, open Permissions for this site, set Notifications to Allow, then reload the page.',
    firefox: 'Click the lock icon left of the address bar, remove the Blocked mark beside Send notifications, then reload the page.',
    safari: 'Open Safari > Settings > Websites > Notifications, set this site to Allow, then reload the page.',
    other: "Allow notifications for this site in your browser's site settings, then reload the page.",
  },
} as const;

/** "That code isn't right — 3 tries left" (otp_invalid with `details.tries_left`, issue 32). */
export function wrongCodeMessage(triesLeft: number | undefined): string {
  if (triesLeft === undefined) return FAILURE_TOASTS.invalidOtp;
  return `${FAILURE_TOASTS.invalidOtp} — ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`;
}

/** How long a lock-out lasts and what else works (login_locked, issue 32). */
export function loginLockedMessage(minutes: number): string {
  const m = Math.max(1, Math.ceil(minutes));
  return `Too many attempts. Try again in ${m} ${m === 1 ? 'minute' : 'minutes'}, or sign in with WhatsApp / reset your password.`;
}

/** Messages the auth endpoints answer with (the web shows them as the server's message). */
export const AUTH_MESSAGES = {
  invalidMobile: 'Enter a valid mobile number.',
  otpSent: SUCCESS_TOASTS.otpSent,
  otpResent: SUCCESS_TOASTS.otpResent,
  invalidOtp: FAILURE_TOASTS.invalidOtp,
  /** 429 otp_locked: the code's last try was wrong (issue 32); a new code may be sent at once. */
  otpLocked: 'Too many wrong codes. Request a new one.',
  otpCooldown: 'Please wait a moment before requesting another code.',
  otpLimit: 'Too many codes requested. Please try again later.',
  invalidCredentials: 'These credentials do not match our records.',
  /** 429 login_locked without its `retry_after` (clients say how long: `loginLockedMessage`). */
  loginLocked: loginLockedMessage(15),
  registered: 'Registration successful!',
  emailTaken: 'The email has already been taken.',
  mobileTaken: 'The mobile number has already been taken.',
  commonPassword: 'This password is too common. Please choose another.',
  resetLinkSent: 'If an account matches, a password reset link has been sent to your email/mobile.',
  passwordReset: 'Your password has been reset successfully',
  resetInvalid: 'This password reset link is invalid or has expired.',
  /** 422 signup_invalid: the phone sign-up's token is used or expired (issue 32). */
  signupInvalid: 'Your number needs verifying again: ask for a new code.',
  /** verify-otp for a number without an account (issue 32). */
  numberVerified: 'Your number is verified. A few details and you are in.',
  emailVerified: 'Your e-mail address is verified.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  verifyInvalid: 'This verification link is invalid or has expired.',
  verificationSent: 'We sent a new verification link to your e-mail address.',
  /** 409 mobile_unverified: a like, super like or message before the number is confirmed. */
  mobileUnverified: 'Confirm your mobile number first: likes and messages open once it is confirmed.',
  mobileConfirmed: 'Your mobile number is confirmed.',
  mobileAlreadyConfirmed: 'Your mobile number is already confirmed.',
  /** The number the member registered with was confirmed by another account first. */
  mobileClaimedElsewhere: 'This number was confirmed by another account. Add your own number in Account Settings.',
} as const;

/** 409 for a change that lost a race with another one (e.g. two requests taking the same unique value). */
export const CONFLICT_MESSAGE = 'This was just changed elsewhere. Please try again.';
