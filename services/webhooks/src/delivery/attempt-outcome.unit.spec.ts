import { judgeAttempt } from './attempt-outcome';
import { WebhookRequestError } from './http-client';
import {
  maxAttempts,
  nextRetryDelayMs,
  parseRetryAfterMs,
  retryScheduleMs,
} from './retry-schedule';

const now = new Date('2025-03-02T10:00:00.000Z');
const noJitter = () => 0.5;
const answer = (statusCode: number, headers: Record<string, string> = {}) => ({
  response: { statusCode, headers, bodyExcerpt: '' },
});
const at = (ms: number) => new Date(now.getTime() + ms);

describe('retry schedule', () => {
  it('is 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts', () => {
    expect(retryScheduleMs).toEqual([0, 5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    expect(maxAttempts).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelayMs(n, noJitter))).toEqual(
      retryScheduleMs.slice(1),
    );
    expect(nextRetryDelayMs(8, noJitter)).toBeUndefined();
  });

  it('spreads a delay by ±10%', () => {
    expect(nextRetryDelayMs(1, () => 0)).toBe(4_500);
    expect(nextRetryDelayMs(1, () => 0.999_999)).toBe(5_500);
  });

  it('reads Retry-After as seconds or as an HTTP date, capped at 24 h', () => {
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs('Sun, 02 Mar 2025 10:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfterMs('Sun, 02 Mar 2025 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('9999999', now)).toBe(24 * 3600 * 1000);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('judging an attempt', () => {
  it('counts any 2xx as delivered', () => {
    for (const status of [200, 201, 202, 204, 299]) {
      expect(judgeAttempt(answer(status), 1, now, noJitter).outcome).toBe('delivered');
    }
  });

  it.each([
    {
      when: 'a 410 at once, and asks for the endpoint to be disabled',
      status: 410,
      attempt: 1,
      error: 'HTTP 410 Gone: the endpoint was disabled',
      gone: true,
    },
    {
      when: 'the message after the eighth attempt',
      status: 500,
      attempt: 8,
      error: 'HTTP 500 (attempt 8, the last)',
      gone: false,
    },
  ])('fails $when', ({ status, attempt, error, gone }) => {
    expect(judgeAttempt(answer(status), attempt, now, noJitter)).toEqual({
      outcome: 'failed',
      error,
      nextAttemptAt: null,
      gone,
    });
  });

  it('retries 3xx, 4xx, 5xx and network errors on the schedule', () => {
    expect(
      judgeAttempt(answer(302, { location: 'https://x.example/new' }), 1, now, noJitter),
    ).toEqual({
      outcome: 'retrying',
      error:
        'HTTP 302: redirects are not followed; update the endpoint URL (Location: https://x.example/new)',
      nextAttemptAt: at(5_000),
      gone: false,
    });
    expect(judgeAttempt(answer(404), 2, now, noJitter).nextAttemptAt).toEqual(at(300_000));
    expect(
      judgeAttempt(
        { error: new WebhookRequestError('network', 'ECONNREFUSED: refused') },
        3,
        now,
        noJitter,
      ),
    ).toMatchObject({
      outcome: 'retrying',
      error: 'ECONNREFUSED: refused',
      nextAttemptAt: at(1_800_000),
    });
  });

  it('honours Retry-After on 429, 502, 503 and 504, never retrying sooner than the schedule', () => {
    for (const status of [429, 502, 503, 504]) {
      expect(
        judgeAttempt(answer(status, { 'retry-after': '60' }), 1, now, noJitter).nextAttemptAt,
      ).toEqual(at(60_000));
    }
    expect(
      judgeAttempt(answer(503, { 'retry-after': '1' }), 1, now, noJitter).nextAttemptAt,
    ).toEqual(at(5_000));
    expect(
      judgeAttempt(answer(500, { 'retry-after': '60' }), 1, now, noJitter).nextAttemptAt,
    ).toEqual(at(5_000));
  });
});
