import { MATCHING_MESSAGES } from '@linkup/contract';
import { isApiClientError } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';

/** Premium only (402): shown as an upsell, never as a sign-out. */
export const isPremiumRequired = (error: unknown): boolean => isApiClientError(error) && error.status === 402;

export interface DailyLimit {
  kind: 'likes' | 'super_likes';
  /** The server's sentence without its machine-readable time: "You've used all your likes for today." */
  message: string;
  /** When new likes arrive (ISO), if the server said. */
  resetsAt: string | null;
}

const ISO_IN_TEXT = /\((\d{4}-\d{2}-\d{2}T[0-9:.]+Z)\)/;

/**
 * A 429 for the daily like or super like limit, read from the server's message ("You've used all
 * your likes for today. You get more at midnight UTC (2030-01-02T00:00:00.000Z)."). Other 429s
 * (a general rate limit, the weekly boost) are not daily limits.
 */
export function dailyLimitOf(error: unknown): DailyLimit | null {
  if (!isApiClientError(error) || error.status !== 429) return null;
  const text = error.serverMessage ?? '';
  const kind = text.startsWith(MATCHING_MESSAGES.outOfSuperLikes) ? 'super_likes' : text.startsWith(MATCHING_MESSAGES.outOfLikes) ? 'likes' : null;
  if (!kind) return null;
  return {
    kind,
    message: kind === 'likes' ? MATCHING_MESSAGES.outOfLikes : MATCHING_MESSAGES.outOfSuperLikes,
    resetsAt: ISO_IN_TEXT.exec(text)?.[1] ?? null,
  };
}

/** The message a failed call shows: the server's own words where it gave some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiClientError(error)) return fallback;
  return error.serverMessage ?? error.message ?? fallback;
}

const clock = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'long', month: 'short', day: 'numeric' });

/** "today at 2:00 AM", "tomorrow at 2:00 AM" or a date, in the member's own time zone. */
export function resetTimeLabel(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(at) - startOf(now)) / 86_400_000);
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : day.format(at);
  return `${when} at ${clock.format(at)}`;
}
