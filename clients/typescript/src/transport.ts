/**
 * One HTTP exchange with the Brand API, retried when retrying is safe: every write carries an
 * `Idempotency-Key` made once and sent again on each of its retries, so a retried write is applied
 * once; reads are safe to repeat as they are.
 */
import { BrandApiConnectionError, BrandApiError, isErrorBody } from './errors';
import { backoffMs, retryAfterMs, sleep, type RetryPolicy } from './retry';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface TransportConfig {
  /** The API host, e.g. `https://api.example.com` (a trailing `/api/v1` is accepted too). */
  baseUrl: string;
  apiKey: string;
  retry: RetryPolicy;
  /** Each attempt's time limit; a timed-out attempt is retried like a network error. */
  timeoutMs: number;
  fetch: typeof fetch;
  userAgent: string;
}

export interface CallOptions {
  /** The key of this write; by default a new UUID, reused on the write's retries. */
  idempotencyKey?: string;
  /** Send the write only if the resource still has this `ETag` (412 `PRECONDITION_FAILED` otherwise). */
  ifMatch?: string;
  /** Aborts the call and its retries. */
  signal?: AbortSignal;
  /** `throw` hands 429s to the caller at once (the bulk helper waits them out itself). */
  rateLimited?: 'retry' | 'throw';
}

export interface Answer<T> {
  body: T;
  status: number;
  headers: Headers;
}

const API_BASE_PATH = '/api/v1';

/** `https://host/` and `https://host/api/v1` both mean the API at `https://host/api/v1`. */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith(API_BASE_PATH) ? trimmed : `${trimmed}${API_BASE_PATH}`;
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Answers worth the same request again: they say nothing was done, or nothing is known. */
function isRetryable(error: BrandApiError): boolean {
  if (error.code === 'IDEMPOTENCY_KEY_IN_USE' || error.statusCode === 429) return true;
  // WRITE_NOT_APPLIED is a 503 that a retry cannot change until operators act.
  return error.statusCode === 503 && error.code !== 'WRITE_NOT_APPLIED';
}

export class Transport {
  readonly root: string;

  constructor(readonly config: TransportConfig) {
    this.root = apiRoot(config.baseUrl);
  }

  /** Headers every request carries. */
  headers(extra: Record<string, string | undefined> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.config.apiKey}`,
      'user-agent': this.config.userAgent,
    };
    for (const [name, value] of Object.entries(extra))
      if (value !== undefined) headers[name] = value;
    return headers;
  }

  async call<T>(
    method: HttpMethod,
    pathAndQuery: string,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const { retry } = this.config;
    const write = method !== 'get';
    const idempotencyKey = write ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const headers = this.headers({
      accept: 'application/json',
      'content-type': body === undefined ? undefined : 'application/json',
      'idempotency-key': idempotencyKey,
      'if-match': options.ifMatch,
    });
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = `${this.root}${pathAndQuery}`;
    for (let attempt = 0; ; attempt += 1) {
      const canRetry = attempt < retry.maxRetries;
      let answer: Answer<unknown>;
      try {
        answer = await this.attempt(url, method, headers, payload, options.signal);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (!canRetry) {
          throw new BrandApiConnectionError(
            `${method.toUpperCase()} ${url} failed after ${attempt + 1} attempts: ${describe(error)}`,
            { cause: error },
          );
        }
        await sleep(backoffMs(retry, attempt), options.signal);
        continue;
      }
      if (answer.status < 400) return answer as Answer<T>;
      const error = toError(answer);
      if (!canRetry || !isRetryable(error)) throw error;
      if (error.statusCode === 429 && options.rateLimited === 'throw') throw error;
      const asked = retryAfterMs(answer.headers.get('retry-after'));
      if (asked !== undefined && asked > retry.maxRetryAfterMs) throw error;
      const wait =
        asked === undefined
          ? backoffMs(retry, attempt)
          : asked + backoffMs({ ...retry, maxDelayMs: Math.min(retry.baseDelayMs, 1000) }, 0);
      await sleep(wait, options.signal);
    }
  }

  /** One request and its whole body; throws on a network failure or a timeout. */
  private async attempt(
    url: string,
    method: HttpMethod,
    headers: Record<string, string>,
    payload: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Answer<unknown>> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const response = await this.config.fetch(url, {
      method: method.toUpperCase(),
      headers,
      body: payload,
      signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      redirect: 'error',
    });
    const text = await response.text();
    let body: unknown = text;
    if (text !== '' && /\bjson\b/.test(response.headers.get('content-type') ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { body, status: response.status, headers: response.headers };
  }
}

function toError(answer: Answer<unknown>): BrandApiError {
  const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
  const seconds = retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000);
  if (isErrorBody(answer.body)) return new BrandApiError(answer.body, seconds);
  const text = typeof answer.body === 'string' ? answer.body.slice(0, 200) : '';
  return new BrandApiError(
    {
      code: 'UNEXPECTED_RESPONSE',
      statusCode: answer.status,
      message: `HTTP ${answer.status} without the API's error body${text === '' ? '' : `: ${text}`}`,
      requestId: answer.headers.get('x-request-id') ?? undefined,
    },
    seconds,
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
