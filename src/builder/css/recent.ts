// The last results of this process's builds, by the key of everything they were made from, for builds
// that have no build cache (cache.ts): a test run builds ~390 small sites in two processes, most with
// the same scripts (React, the theme, the runtime) and many with the same classes, and a process that
// builds a site again (the benchmark's rebuild, a test's second build) reads the same stylesheet again.
// Bounded: the least recently used goes first.

export class Recent<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}
