// A token bucket per client address: `perMinute` requests in a burst, then one every 60/perMinute
// seconds. Idle buckets are dropped so that many addresses cannot grow the map without end.

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private calls = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`: allowed, or how many seconds until the next one. */
  take(key: string): { ok: true } | { ok: false; retryAfter: number } {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    if (++this.calls % 1000 === 0) this.prune(now, rate);
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000)) };
  }

  /** Buckets that have refilled completely are the same as no bucket. */
  private prune(now: number, rate: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + (now - b.at) * rate >= this.perMinute) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
