/**
 * When and how long to wait before sending a request again: exponential backoff with full jitter
 * (AWS Architecture Blog, "Exponential Backoff And Jitter"), or the server's `Retry-After` when it
 * names one.
 */
export interface RetryOptions {
  /** Retries after the first attempt; 0 sends each request once. Default 4. */
  maxRetries?: number;
  /** The first backoff's upper bound, doubled at each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** No backoff waits longer than this. Default 20 s. */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` the client waits out by itself; a longer one is thrown to the caller
   * as the error it came with. Default 60 s (a bulk call's whole rate-limit window).
   */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy = { ...defaultRetryPolicy, ...options };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`retry.${name} must be a number of 0 or more, got ${String(value)}`);
    }
  }
  return policy;
}

/** The backoff before retry number `retry` (0 for the first retry): random in [0, cap]. */
export function backoffMs(policy: RetryPolicy, retry: number, random = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(random() * cap);
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
