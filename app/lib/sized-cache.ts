/**
 * Entries kept up to a total size (bytes, rows: whatever the caller counts), the least recently
 * used going first. The shop's in-memory caches (rendered pages, listings, searches' products) are
 * bounded this way, by what they hold rather than by how many entries they have.
 */
export class SizedCache<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  #size = 0;

  constructor(
    readonly maxSize: number,
    /** Told of every `get`: whether it found the key (the caches' metrics). */
    private readonly onLookup?: (hit: boolean) => void,
  ) {}

  /** The total size of what is kept. */
  get size(): number {
    return this.#size;
  }

  /** The value kept under `key`, which becomes the most recently used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    this.onLookup?.(entry !== undefined);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value kept under `key`, leaving the order as it is. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Keeps `value` as the most recently used, replacing what `key` held, then trims the oldest. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    this.#entries.set(key, { value, size });
    this.#size += size;
    this.#trim();
  }

  /** Says that the value under `key` takes `extra` more than before, then trims the oldest. */
  grow(key: string, extra: number): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    entry.size += extra;
    this.#size += extra;
    this.#trim();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#size -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  #trim() {
    for (const [key, entry] of this.#entries) {
      if (this.#size <= this.maxSize) break;
      this.#entries.delete(key);
      this.#size -= entry.size;
    }
  }
}

/** The bytes V8 holds for a string's characters: one each, or two when any is above U+00FF. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}
