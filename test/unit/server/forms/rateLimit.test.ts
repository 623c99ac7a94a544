import { describe, it, expect } from 'vitest';
import { RateLimiter } from '../../../../src/server/forms/rateLimit.js';

describe('RateLimiter', () => {
  it('allows a burst of the rate per minute per address, then one every 60/rate seconds', () => {
    let now = 0;
    const limiter = new RateLimiter(6, () => now);
    const burst = Array.from({ length: 8 }, () => limiter.take('10.0.0.1').ok);
    expect(burst).toEqual([true, true, true, true, true, true, false, false]);
    expect(limiter.take('10.0.0.2').ok).toBe(true);
    const refused = limiter.take('10.0.0.1');
    expect(refused).toEqual({ ok: false, retryAfter: 10 });
    now += 10_000;
    expect(limiter.take('10.0.0.1').ok).toBe(true);
    expect(limiter.take('10.0.0.1').ok).toBe(false);
  });

  it('forgets addresses that have been quiet long enough', () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    for (let i = 0; i < 999; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(999);
    now += 61_000;
    limiter.take('10.1.0.1');
    expect(limiter.size).toBe(1);
  });
});
