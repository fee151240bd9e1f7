/** The counter shows from this share of the limit on (issue 17): out of the way until it matters. */
const SHOW_FROM = 0.9;

/**
 * "1834/2000" beside a box with a contract limit, shown only near the limit; polite, so a screen
 * reader hears it without being interrupted.
 */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  if (length < Math.floor(max * SHOW_FROM)) return null;
  return (
    <span className={`length-counter${length >= max ? ' is-full' : ''}`} aria-live="polite">
      {length}/{max}
    </span>
  );
}
