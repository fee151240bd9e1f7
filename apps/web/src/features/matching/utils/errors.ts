import { MATCHING_MESSAGES } from '@linkup/contract';
import { isApiClientError } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';

/** Premium only (402): shown as an upsell, never as a sign-out. */
export const isPremiumRequired = (error: unknown): boolean => isApiClientError(error) && error.code === 'premium_required';

export interface DailyLimit {
  kind: 'likes' | 'super_likes';
  /** What the screens say: "You've used all your likes for today." */
  message: string;
  /** When new likes arrive (ISO), if the server said. */
  resetsAt: string | null;
}

/**
 * The daily like or super like limit, by the error's code (`daily_likes_used`,
 * `daily_super_likes_used`) and `details.resets_at`. Other 429s (a general rate limit, the weekly
 * boost) are not daily limits.
 */
export function dailyLimitOf(error: unknown): DailyLimit | null {
  if (!isApiClientError(error)) return null;
  const kind = error.code === 'daily_likes_used' ? 'likes' : error.code === 'daily_super_likes_used' ? 'super_likes' : null;
  if (!kind) return null;
  return {
    kind,
    message: kind === 'likes' ? MATCHING_MESSAGES.outOfLikes : MATCHING_MESSAGES.outOfSuperLikes,
    resetsAt: error.details.resets_at ?? null,
  };
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
