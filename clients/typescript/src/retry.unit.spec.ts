import { parseRateLimit } from './bulk';
import { backoffMs, defaultRetryPolicy, retryAfterMs, retryPolicy } from './retry';

describe('retry timing', () => {
  it('backs off exponentially with full jitter, capped', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([0, 1, 2, 3, 4, 10].map((retry) => backoffMs(policy, retry, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(backoffMs(policy, 3, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('reads the RateLimit header the API sends', () => {
    expect(parseRateLimit('"bulk";r=0;t=51')).toEqual({ remaining: 0, resetSeconds: 51 });
    expect(parseRateLimit(null)).toBeUndefined();
  });

  it('refuses a negative or non-numeric setting by name', () => {
    expect(() => retryPolicy({ maxRetries: -1 })).toThrow('retry.maxRetries');
    expect(retryPolicy()).toEqual(defaultRetryPolicy);
  });
});
