// The one keying scheme of every build cache (parses, markdown renders, page HTML, search indexes,
// the output manifest, the on-disk dev cache): a key is a content hash of the parts it depends on, in
// order, so a stale entry can never be served. And the one shape of a keyed cache: named entries that
// are reused only while their key is unchanged.
import crypto from 'node:crypto';

/** Content hash of `parts` (text or bytes as they are, anything else as JSON), separated so that ("ab","c") ≠ ("a","bc"). */
export function cacheKey(...parts: unknown[]): string {
  const texts = parts.map((part) => (typeof part === 'string' || part instanceof Uint8Array ? part : (JSON.stringify(part) ?? 'undefined')));
  let length = 0;
  for (const t of texts) length = typeof t === 'string' && length >= 0 ? length + t.length : -1;
  // The same bytes hashed at once (crypto.hash, Node 20.12 on): a warm build of the versioned benchmark
  // site makes some 15,000 small keys, and a hash object each cost 86 ms of CPU per 8,000 in a new
  // process against 21 ms (11:20 UTC). Long texts are hashed piece by piece, without joining them.
  if (length >= 0 && length <= ONE_SHOT_CHARS && oneShot) return oneShot('sha1', (texts as string[]).join('\u0000'), 'base64url');
  const h = crypto.createHash('sha1');
  texts.forEach((text, i) => {
    if (i) h.update('\u0000');
    h.update(text);
  });
  return h.digest('base64url');
}

const ONE_SHOT_CHARS = 1 << 16;
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'base64url') => string }).hash;

/** An entry: its value, or (read back from disk) how to read it, once, when first asked for. */
type Slot<V> = { key: string; value: V } | { key: string; load: () => V | undefined };

/**
 * Entries by name, each valid for one key (the cache key of what it was made from). An entry read back
 * from the cache on disk may come without its value (`setLazy`): the value is read when the entry is
 * first asked for, and an entry that cannot be read then is dropped (a miss).
 */
export class KeyedCache<V> {
  private readonly entries = new Map<string, Slot<V>>();

  constructor(entries?: Iterable<[string, { key: string; value: V }]>) {
    if (entries) for (const [name, entry] of entries) this.entries.set(name, entry);
  }

  /** The value of `name` if it was made under `key`, else undefined. */
  get(name: string, key: string): V | undefined {
    const slot = this.entries.get(name);
    return slot && slot.key === key ? this.valueOf(name, slot) : undefined;
  }

  /** The value of `name` whatever it was made from (for a caller that has just checked its inputs). */
  peek(name: string): V | undefined {
    const slot = this.entries.get(name);
    return slot && this.valueOf(name, slot);
  }

  set(name: string, key: string, value: V): void {
    this.entries.set(name, { key, value });
  }

  /** An entry whose value `load` reads when first asked for (undefined: it cannot be read, a miss). */
  setLazy(name: string, key: string, load: () => V | undefined): void {
    this.entries.set(name, { key, load });
  }

  /** Whether the value of `name` is in memory (made, or read back and asked for). */
  loaded(name: string): boolean {
    const slot = this.entries.get(name);
    return Boolean(slot && 'value' in slot);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Each entry's name and key, without reading a value. */
  keys(): [string, string][] {
    return [...this.entries].map(([name, slot]) => [name, slot.key]);
  }

  /** Every entry, for storing (new KeyedCache(stored) reads them back); reads those not read yet. */
  dump(): [string, { key: string; value: V }][] {
    return [...this.entries.keys()].flatMap((name) => {
      const slot = this.entries.get(name)!;
      const value = this.valueOf(name, slot);
      return value === undefined ? [] : [[name, { key: slot.key, value }] as [string, { key: string; value: V }]];
    });
  }

  private valueOf(name: string, slot: Slot<V>): V | undefined {
    if ('value' in slot) return slot.value;
    const value = slot.load();
    if (value === undefined) this.entries.delete(name);
    else this.entries.set(name, { key: slot.key, value });
    return value;
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

/** Parts of values whose content keys are known (composedValueKey): strings by value, objects as they are. */
export interface KnownParts {
  strings: readonly (readonly [string, string])[];
  objects: ReadonlyMap<object, string>;
  /** Members of an object known by their key without being read (a part not read yet), by member name; undefined: none. */
  members?: (owner: object) => ReadonlyMap<string, string> | undefined;
}

/**
 * valueKey of `value` made from keys already known: each part of it among `parts` (a string of the
 * same value, or the same object: a page's body is its markdown render's html), down to `depth`
 * levels, counts by its key instead of its content. Each part's key must be a content key of that
 * part both ways (the same key, the same content; the same content, the same key: not a key of what
 * the part was made from, or a value made again the same would change its key), so the result is one
 * of `value`: valueKey(value) returns it from now on. A warm build's markdown renders are known by
 * their content keys, kept with them in the cache (render/renderedKeys.ts), and a page is mostly its renders.
 */
export function composedValueKey(value: object, parts: KnownParts, depth = 4): string {
  let key = valueKeys.get(value);
  // A string shorter than every known one is none of them (most of a page's: titles, urls, labels).
  const shortest = parts.strings.reduce((n, [s]) => Math.min(n, s.length), Infinity);
  if (key === undefined) valueKeys.set(value, (key = cacheKey('composed', withKnownParts(value, parts, depth, shortest))));
  return key;
}

/** `v` with its known parts replaced by their keys (as a string no part of a page is: a NUL, then the key); unchanged objects stay the same. */
function withKnownParts(v: unknown, parts: KnownParts, depth: number, shortest: number): unknown {
  if (typeof v === 'string') {
    if (v.length >= shortest) for (const [s, key] of parts.strings) if (v === s) return `\u0000${key}`;
    return v;
  }
  if (v === null || typeof v !== 'object') return v;
  const key = parts.objects.get(v);
  if (key !== undefined) return `\u0000${key}`;
  if (depth === 0) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    v.forEach((item: unknown, i) => {
      const s = withKnownParts(item, parts, depth - 1, shortest);
      if (s !== item) (out ??= [...(v as unknown[])])[i] = s;
    });
    return out ?? v;
  }
  let out: Record<string, unknown> | undefined;
  if (Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    const members = parts.members?.(o);
    if (members) {
      // A copy made member by member, in order: a known member is not read.
      const copy: Record<string, unknown> = {};
      for (const name in o) {
        const key = members.get(name);
        copy[name] = key !== undefined ? `\u0000${key}` : withKnownParts(o[name], parts, depth - 1, shortest);
      }
      return copy;
    }
    for (const name in o) {
      const s = withKnownParts(o[name], parts, depth - 1, shortest);
      if (s !== o[name]) (out ??= { ...o })[name] = s;
    }
  }
  return out ?? v;
}
