/** Display helpers the spec fixes (badges, initials, plural forms, times); pure, shared by all clients. */
import { BADGE_CAP, INITIALS_MAX, RELATIVE_TIME, UI_TEXTS } from '@linkup/contract';

/** '9+' above nine; nothing for zero or less. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const firstGrapheme = (word: string) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
const startsWithLetter = (word: string) => /^[\p{L}\p{N}]/u.test(word);

/**
 * At most two letters (spec §2): the first graphemes of the first and last words. Counted by
 * grapheme, not UTF-16 unit, so an emoji or an accented letter is never cut in half; words that
 * start with no letter (an emoji, a dash) are skipped when a word with a letter exists (issue 17).
 */
export function initials(name: string | null | undefined): string {
  const all = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const lettered = all.filter(startsWithLetter);
  const words = lettered.length > 0 ? lettered : all;
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return picked
    .slice(0, INITIALS_MAX)
    .map((w) => firstGrapheme(w).toLocaleUpperCase())
    .join('');
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The app speaks English; one locale keeps times identical on every device. */
export const DISPLAY_LOCALE = 'en-US';

type TimeInput = Date | string | number | null | undefined;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function toDate(value: TimeInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const clockFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' });
const weekdayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'short' });
const monthDayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric' });
const monthDayYearFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Jan 5', or 'Jan 5, 2024' when the year is not the current one. */
function shortDate(date: Date, now: Date): string {
  return (date.getFullYear() === now.getFullYear() ? monthDayFormat : monthDayYearFormat).format(date);
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * Spec §9: 'Just now' under a minute, then 'N minutes ago', then 'N hours ago' (under a day), then
 * a date. Times slightly in the future (clock skew) read as 'Just now'.
 */
export function relativeTime(value: TimeInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < RELATIVE_TIME.justNowMs) return UI_TEXTS.time.justNow;
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  return shortDate(date, now);
}

/**
 * Conversation list time (spec §2 "Messages screen"): clock time when the last activity is less
 * than a day old, the short weekday within RELATIVE_TIME.roomListThresholdDays, else month and day.
 */
export function roomListTime(value: TimeInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < DAY_MS) return clockFormat.format(date);
  if (elapsed < RELATIVE_TIME.roomListThresholdDays * DAY_MS) return weekdayFormat.format(date);
  return shortDate(date, now);
}

/** Chat bubble time (spec §2 "Chat screen"): clock time for today, otherwise date and time. */
export function chatMessageTime(value: TimeInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  if (sameDay(date, now)) return clockFormat.format(date);
  return `${shortDate(date, now)}, ${clockFormat.format(date)}`;
}

const weekdayLongFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'long' });

/**
 * The separator above a conversation's first message of a day (issue 32): 'Today', 'Yesterday',
 * the weekday within the last week, else the date. Days are the member's calendar days.
 */
export function chatDayLabel(value: TimeInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days <= 0) return UI_TEXTS.time.today;
  if (days === 1) return UI_TEXTS.time.yesterday;
  if (days < 7) return weekdayLongFormat.format(date);
  return shortDate(date, now);
}

/** Whether two times fall on the same calendar day (local time). */
export function sameCalendarDay(a: TimeInput, b: TimeInput): boolean {
  const [x, y] = [toDate(a), toDate(b)];
  return x !== null && y !== null && sameDay(x, y);
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** A countdown as 'm:ss' (0:59, 4:05, 12:00); negative or missing values read 0:00. */
export function formatCountdown(totalSeconds: number | null | undefined): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? Number(totalSeconds) : 0));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A calendar date as 'YYYY-MM-DD' in local time (what date inputs and the API use). */
export function dateOnly(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same calendar day `years` years before `from`, as 'YYYY-MM-DD'. */
export function yearsBefore(years: number, from: Date = new Date()): string {
  const date = new Date(from.getFullYear() - years, from.getMonth(), from.getDate());
  // 29 February in a non-leap year rolls over to 1 March; step back to 28 February.
  if (date.getMonth() !== from.getMonth()) date.setDate(0);
  return dateOnly(date);
}
