import type { WebhookRequestError, WebhookResponse } from './http-client';
import { nextRetryDelayMs, parseRetryAfterMs, throttlingStatuses } from './retry-schedule';
import type { AttemptOutcome } from './outbox';

export interface JudgedAttempt {
  outcome: AttemptOutcome;
  error: string | null;
  nextAttemptAt: Date | null;
  /** The endpoint answered 410 Gone: it must be disabled. */
  gone: boolean;
}

/**
 * What an answer (or its absence) means, following Standard Webhooks: 2xx delivered; 410 the
 * endpoint is gone (disable it, fail the message); a 3xx is a failure (redirects are never
 * followed: the URL must be updated); anything else is retried on the schedule, no earlier
 * than a `Retry-After` sent with 429, 502, 503 or 504.
 */
export function judgeAttempt(
  answer: { response: WebhookResponse } | { error: WebhookRequestError },
  attempt: number,
  now: Date,
  random: () => number,
): JudgedAttempt {
  if ('response' in answer) {
    const { statusCode, headers } = answer.response;
    if (statusCode >= 200 && statusCode < 300) {
      return { outcome: 'delivered', error: null, nextAttemptAt: null, gone: false };
    }
    if (statusCode === 410) {
      return {
        outcome: 'failed',
        error: 'HTTP 410 Gone: the endpoint was disabled',
        nextAttemptAt: null,
        gone: true,
      };
    }
    const error =
      statusCode >= 300 && statusCode < 400
        ? `HTTP ${statusCode}: redirects are not followed; update the endpoint URL${
            headers.location ? ` (Location: ${headers.location.slice(0, 500)})` : ''
          }`
        : `HTTP ${statusCode}`;
    const retryAfterMs = throttlingStatuses.has(statusCode)
      ? parseRetryAfterMs(headers['retry-after'], now)
      : undefined;
    return retryOrFail(error, attempt, now, random, retryAfterMs);
  }
  return retryOrFail(answer.error.message, attempt, now, random, undefined);
}

function retryOrFail(
  error: string,
  attempt: number,
  now: Date,
  random: () => number,
  retryAfterMs: number | undefined,
): JudgedAttempt {
  const delay = nextRetryDelayMs(attempt, random);
  if (delay === undefined) {
    return {
      outcome: 'failed',
      error: `${error} (attempt ${attempt}, the last)`,
      nextAttemptAt: null,
      gone: false,
    };
  }
  const wait = Math.max(delay, retryAfterMs ?? 0);
  return {
    outcome: 'retrying',
    error,
    nextAttemptAt: new Date(now.getTime() + wait),
    gone: false,
  };
}
