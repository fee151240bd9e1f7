/** A cache that `watchRowChanges` keeps true: told when changes stop and start being heard. */
export interface KeptReads {
  /** Changes may go unheard: forget everything and keep nothing until `resume`. */
  suspend(): void;
  /** Changes are heard again; what was read before this is not kept (it may have missed one). */
  resume(): void;
}

/**
 * Values read from rows that report their changes (`watchRowChanges`), kept until the listener
 * forgets them or until the time the value stops being true (`until`: a boost ending, a pass
 * coming back, a session's look-up growing old). A read that raced with any change is not kept;
 * beyond `capacity` keys the oldest go. Only for a database whose every change reaches this
 * process: one SQLite process, or PostgreSQL while its changes are heard (`suspend`/`resume`).
 * The one cache of its kind: discover's and members' reads, the members of chat rooms, the
 * members of bearer tokens, members' summaries, premium periods, notification switches, whether
 * two members are apart and members' push devices (what every notification reads).
 *
 * A value may be kept with the `ids` it was read from (a room and its members, a token's member):
 * `forgetWith(id)` forgets every value kept with that id.
 */
export class Remembered<V> implements KeptReads {
  readonly #entries = new Map<string, { value: V; from: number; until: number; ids: readonly string[] | undefined }>();
  /** The keys of the values kept with each id (`keep`'s `ids`). */
  readonly #keysOf = new Map<string, Set<string>>();
  #changes = 0;
  #suspended = false;

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

  keep(mark: number, key: string, value: V, now = 0, until = Number.POSITIVE_INFINITY, ids?: readonly string[]): void {
    if (mark !== this.#changes || this.#suspended) return;
    this.#delete(key);
    if (this.#entries.size >= this.capacity) this.#delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, from: now, until, ids });
    for (const id of ids ?? []) this.#keysOf.set(id, (this.#keysOf.get(id) ?? new Set<string>()).add(key));
  }

  /** The value kept for `key`, or `read`'s (kept in turn, with the `ids` it names). */
  async get(key: string, now: number, read: () => Promise<{ value: V; until?: number; ids?: readonly string[] }>): Promise<V> {
    const known = this.peek(key, now);
    if (known !== undefined) return known;
    const mark = this.mark();
    const { value, until, ids } = await read();
    this.keep(mark, key, value, now, until, ids);
    return value;
  }

  forget(key: string): void {
    this.#changes++;
    this.#delete(key);
  }

  /** Forgets every value kept with `id` among its `ids`. */
  forgetWith(id: string): void {
    this.#changes++;
    for (const key of this.#keysOf.get(id) ?? []) this.#delete(key);
  }

  forgetAll(): void {
    this.#changes++;
    this.#entries.clear();
    this.#keysOf.clear();
  }

  suspend(): void {
    this.#suspended = true;
    this.forgetAll();
  }

  resume(): void {
    this.#suspended = false;
    this.#changes++;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const id of entry.ids ?? []) {
      const keys = this.#keysOf.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysOf.delete(id);
    }
  }
}
