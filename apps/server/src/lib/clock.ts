/**
 * The time as the product sees it. Services that count per day (likes, visits, reports) ask the
 * clock instead of `new Date()`, so a test can move it across midnight UTC.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The clock's time as the ISO-8601 UTC string the database stores. */
export const isoNow = (clock: Clock): string => clock.now().toISOString();

const lastOrdered = new WeakMap<Clock, number>();

/**
 * Like `isoNow`, but never the same or an earlier instant than this clock's previous answer in
 * this process: messages are listed by time, so two sent within one millisecond must not tie
 * (their random ids would then decide the order). A clock a test moves back keeps counting on
 * from its latest answer.
 */
export function orderedIsoNow(clock: Clock): string {
  const ms = Math.max(clock.now().getTime(), (lastOrdered.get(clock) ?? 0) + 1);
  lastOrdered.set(clock, ms);
  return new Date(ms).toISOString();
}

/** YYYY-MM-DD of a time in UTC: the day daily limits and visits count in. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The next midnight UTC after `date`, when daily allowances come back. */
export const nextUtcMidnight = (date: Date): string =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
