/**
 * Values read from rows that report their changes (`watchRowChanges`), kept until the listener
 * forgets them or until the time the value stops being true (`until`: a boost ending, a pass
 * coming back). A read that raced with any change is not kept; beyond `capacity` keys the oldest
 * go. Only for a database whose every change reaches this process (one SQLite process).
 */
export class Remembered<V> {
  readonly #entries = new Map<string, { value: V; from: number; until: number }>();
  #changes = 0;

  constructor(private readonly capacity: number) {}

  /** The value kept for `key` and still true at `now`, if any. */
  peek(key: string, now = 0): V | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.from <= now && now < entry.until ? entry.value : undefined;
  }

  /** A mark to pass to `keep`: a value read after it is kept only if nothing changed since. */
  mark(): number {
    return this.#changes;
  }

  keep(mark: number, key: string, value: V, now = 0, until = Number.POSITIVE_INFINITY): void {
    if (mark !== this.#changes) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, from: now, until });
  }

  /** The value kept for `key`, or `read`'s (kept in turn). */
  async get(key: string, now: number, read: () => Promise<{ value: V; until?: number }>): Promise<V> {
    const known = this.peek(key, now);
    if (known !== undefined) return known;
    const mark = this.mark();
    const { value, until } = await read();
    this.keep(mark, key, value, now, until);
    return value;
  }

  forget(key: string): void {
    this.#changes++;
    this.#entries.delete(key);
  }

  forgetAll(): void {
    this.#changes++;
    this.#entries.clear();
  }
}
