// Byte-budgeted LRU so large configs keep only recently used investor lists in memory.

export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value, evicting the oldest entries; a single oversized entry is still kept. */
  set(key: string, value: V, bytes: number): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.total -= previous.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.total <= this.maxBytes || oldKey === key) break;
      this.entries.delete(oldKey);
      this.total -= oldEntry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}
