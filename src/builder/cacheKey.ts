// The one keying scheme of every build cache (parses, markdown renders, page HTML, search indexes,
// the output manifest, the on-disk dev cache): a key is a content hash of the parts it depends on, in
// order, so a stale entry can never be served. And the one shape of a keyed cache: named entries that
// are reused only while their key is unchanged.
import crypto from 'node:crypto';

/** Content hash of `parts` (text or bytes as they are, anything else as JSON), separated so that ("ab","c") ≠ ("a","bc"). */
export function cacheKey(...parts: unknown[]): string {
  const h = crypto.createHash('sha1');
  parts.forEach((part, i) => {
    if (i) h.update('\u0000');
    h.update(typeof part === 'string' || part instanceof Uint8Array ? part : (JSON.stringify(part) ?? 'undefined'));
  });
  return h.digest('base64url');
}

/** Entries by name, each valid for one key (the cache key of what it was made from). */
export class KeyedCache<V> {
  private readonly entries = new Map<string, { key: string; value: V }>();

  constructor(entries?: Iterable<[string, { key: string; value: V }]>) {
    if (entries) for (const [name, entry] of entries) this.entries.set(name, entry);
  }

  /** The value of `name` if it was made under `key`, else undefined. */
  get(name: string, key: string): V | undefined {
    const hit = this.entries.get(name);
    return hit && hit.key === key ? hit.value : undefined;
  }

  /** The value of `name` whatever it was made from (for a caller that has just checked its inputs). */
  peek(name: string): V | undefined {
    return this.entries.get(name)?.value;
  }

  set(name: string, key: string, value: V): void {
    this.entries.set(name, { key, value });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every entry, for storing (new KeyedCache(stored) reads them back). */
  dump(): [string, { key: string; value: V }][] {
    return [...this.entries];
  }
}

const valueKeys = new WeakMap<object, string>();

/**
 * cacheKey of one value, made once per object: for the pipeline's values, which no stage changes once
 * made (pipeline/README.md). A page's data is keyed by the styles step and again by the HTML stage
 * (render/pageReuse.ts): hashing the Shifu site's pages took 28 ms each time.
 */
export function valueKey(value: object): string {
  let key = valueKeys.get(value);
  if (key === undefined) valueKeys.set(value, (key = cacheKey(value)));
  return key;
}
