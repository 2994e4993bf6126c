const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * When each attempt of a message is made, counted from the previous one: at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (Standard Webhooks' example schedule, cut at eight
 * attempts, about 27.6 hours in all). After the eighth failure the message is failed.
 */
export const retryScheduleMs: readonly number[] = [
  0,
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

export const maxAttempts = retryScheduleMs.length;

/** Each delay is spread by ±10% so that endpoints recovering together are not hit together. */
export const jitterRatio = 0.1;

/** Answers that ask the sender to slow down; their `Retry-After` is honoured. */
export const throttlingStatuses: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** A `Retry-After` longer than this is not believed: it is capped, not obeyed blindly. */
export const maxRetryAfterMs = 24 * hour;

/**
 * Delay before the next attempt after `completedAttempts` failures, or undefined when the
 * message has had its last attempt. `random` is in [0, 1) (injected so tests are exact).
 */
export function nextRetryDelayMs(
  completedAttempts: number,
  random: () => number,
): number | undefined {
  const base = retryScheduleMs[completedAttempts];
  if (base === undefined || completedAttempts < 1) return undefined;
  return Math.round(base * (1 - jitterRatio + 2 * jitterRatio * random()));
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date in the past counts as 0.
 */
export function parseRetryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * second, maxRetryAfterMs);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now.getTime()), maxRetryAfterMs);
}
