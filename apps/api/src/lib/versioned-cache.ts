/**
 * A bounded in-process cache whose entries are only good for one version of what they were read from (a row's
 * xmin, a computedAt): a reader asks with the version the database reports now, so a change shows at once and
 * nothing has to be invalidated. The least recently used entry goes first once `maxEntries` are held.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, { version: string; value: V }>();

  constructor(readonly maxEntries: number) {}

  get(key: string, version: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { version, value });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }

  get size(): number {
    return this.#entries.size;
  }
}
