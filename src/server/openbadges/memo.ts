/**
 * A small in-isolate cache of public bytes (baked badge images), bounded by total size. Entries are
 * keyed by the assertion's version, and validity is checked in D1 on every request before an entry
 * is used, so a revoked badge is never served from here.
 */
export class ByteMemo {
  private readonly entries = new Map<string, Uint8Array<ArrayBuffer>>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Move to the back: the map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, bytes: Uint8Array<ArrayBuffer>): void {
    if (bytes.length > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, bytes);
    this.size += bytes.length;
    for (const [k, v] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= v.length;
    }
  }
}
