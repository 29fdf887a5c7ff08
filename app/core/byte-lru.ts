// A least-recently-used cache bounded by the bytes of its values, not their number: the media
// library keeps small files and picture variants in memory (issue 45), so that the home page's
// banner is not read from the database on every request. Values larger than `maxEntryBytes` are
// never kept. A Map keeps insertion order; a hit moves its entry to the end.

export class ByteLru<V> {
  #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V) {
    const bytes = this.sizeOf(value);
    this.delete(key);
    if (bytes > this.maxEntryBytes || bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Drops every entry whose key starts with `prefix` (a file's, when it is deleted). */
  deletePrefix(prefix: string) {
    // Deleting the entry a Map iterator stands on is safe: iteration goes on with the next.
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.delete(key);
  }

  get bytes() {
    return this.#bytes;
  }

  get size() {
    return this.#entries.size;
  }
}
