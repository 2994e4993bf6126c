/**
 * Idempotency keys on every write of the Brand API (Stripe's semantics, issue #14).
 *
 * A write sent with `Idempotency-Key` claims the key for its API key in `api_idempotency_keys`
 * (one statement: insert, or re-claim a key past its 24 h). The claim gets a fresh id, which
 * the command puts on every event it appends (`metadata.idempotencyKeyId`), so the log itself
 * says whether the request was applied. Then:
 *
 * - the request runs while holding a lease (30 s, renewed every 10 s while it runs). As Stripe
 *   does, a result is saved only once the endpoint began executing: a 2xx, or an error the
 *   command answered (404, 409 CONFLICT for a taken store id, 412, 422…) is stored with its
 *   ETag/Location and replayed to every retry with the same method, path, `If-Match` and
 *   canonical body, with `Idempotent-Replayed: true`, running nothing — even after the world
 *   changed (a store id freed since): a new attempt takes a new key.
 * - Not saved: a request refused before it ran. Authentication and scope checks run before
 *   this middleware and never see the key; a 400 (the path, query or body failed validation)
 *   deletes the claim, so a corrected request with the same key runs. 409
 *   IDEMPOTENCY_KEY_IN_USE claims nothing. 5xx, 429 and a lost race (409 after the engine's
 *   retries) are not final: the lease is ended and a retry decides again.
 * - the same key with another request: 422 IDEMPOTENCY_KEY_REUSED; while the lease holds:
 *   409 IDEMPOTENCY_KEY_IN_USE with `Retry-After`.
 * - a retry that finds the lease ended and no answer (the first request died, or answered a
 *   5xx) asks the log: no event carries the claim's id → nothing was applied, it takes the
 *   claim over and runs; events carry it → the write stands and is never applied twice: the
 *   answer is 409 IDEMPOTENCY_ANSWER_LOST naming the streams written, stored as final.
 *
 * Crash consistency: the claim is written before any event and the answer after; a crash at
 * any point leaves either no events (the retry runs) or events carrying the claim id (the retry
 * refuses to run again). The table is never the truth about the write, the log is.
 *
 * Expiry: on read (a claim of an expired key replaces it) and a sweep of every expired row
 * after each 100th claim in a process.
 */
import { createHash } from 'node:crypto';
import {
  ApiError,
  idempotencyKeyHeader,
  idempotencyKeyProblem,
  idempotencyKeyTtlHours,
  idempotentReplayedHeader,
} from '@brand-api/contracts';
import type { EventStore } from '@brand-api/event-store';
import { ChangedConcurrentlyError } from '@brand-api/event-store';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { commandFailure } from '../../http/domain-errors';
import type { ApiKeyState } from '../auth/api-key-auth';
import type { IdempotencyRecord, StoredAnswer } from './idempotency-keys';
import { IdempotencyKeys } from './idempotency-keys';

export interface IdempotencyOptions {
  keys: IdempotencyKeys;
  eventStore: Pick<EventStore, 'readByIdempotencyKeyId'>;
  clock: () => Date;
  logger: Pick<Logger, 'warn'>;
  /** How long a running request holds its key without renewing (default 30 s). */
  leaseMs?: number;
  /** Claims between two sweeps of expired keys (default 100). */
  sweepEvery?: number;
}

/** Where a write's handler finds the id of its idempotency key, to put on its events. */
export interface IdempotencyState extends ApiKeyState {
  idempotencyKeyId?: string;
}

/** The headers of an answer a replay gives back, besides its status and body. */
const keptHeaders = ['etag', 'location'] as const;

const hourMs = 3_600_000;

/** The id of the request's idempotency key, when it has one (for its command's metadata). */
export const idempotencyKeyIdOf = (ctx: Context): string | undefined =>
  (ctx.state as IdempotencyState).idempotencyKeyId;

/**
 * The middleware of one write, run after its scope check and body parsing, before its handler.
 * A request without the header runs as before.
 */
export function idempotency(options: IdempotencyOptions): Middleware<IdempotencyState> {
  const leaseMs = options.leaseMs ?? 30_000;
  const sweepEvery = options.sweepEvery ?? 100;
  let claims = 0;
  const { keys, clock } = options;

  const sweep = () => {
    claims += 1;
    if (claims % sweepEvery !== 0) return;
    keys.sweep(clock()).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'idempotency keys: sweep of expired keys failed');
    });
  };

  return async (ctx, next) => {
    const sent = ctx.headers[idempotencyKeyHeader.toLowerCase()];
    if (sent === undefined) {
      await next();
      return;
    }
    const key = Array.isArray(sent) ? sent.join(', ') : sent;
    const problem = idempotencyKeyProblem(key);
    if (problem !== undefined) {
      throw new ApiError('VALIDATION_FAILED', {
        message: `The ${idempotencyKeyHeader} header is invalid: it ${problem}`,
        details: [{ location: 'header', field: idempotencyKeyHeader, message: problem }],
      });
    }
    const now = clock();
    const requestId = ctx.state.requestId;
    const fingerprint = fingerprintOf(ctx);
    const claim = await keys.claim({
      apiKeyId: ctx.state.auth.apiKeyId,
      key,
      fingerprint,
      requestId,
      now,
      lockedUntil: new Date(now.getTime() + leaseMs),
      expiresAt: new Date(now.getTime() + idempotencyKeyTtlHours * hourMs),
    });
    let id: string;
    if (claim.claimed) {
      sweep();
      id = claim.id;
    } else {
      const record = claim.record;
      if (record.fingerprint !== fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (record.answer) return replay(ctx, record.answer);
      if (record.lockedUntil !== null && record.lockedUntil > now) throw inUse(record, now);
      const written = await options.eventStore.readByIdempotencyKeyId(record.id);
      if (written.length > 0) {
        const lost = new ApiError('IDEMPOTENCY_ANSWER_LOST', {
          details: resourcesIn(written.map((event) => event.streamName)).map((stream) => ({
            message: `wrote ${stream}`,
          })),
        });
        await keys.answer(record.id, errorAnswer(lost, requestId));
        throw lost;
      }
      if (!(await keys.takeOver(record, requestId, new Date(now.getTime() + leaseMs)))) {
        throw inUse(record, now);
      }
      id = record.id;
    }
    await runHolding(ctx, next, id, options, leaseMs);
  };
}

/** Runs the request under its lease, then stores its answer if final or ends the lease. */
async function runHolding(
  ctx: Context,
  next: () => Promise<unknown>,
  id: string,
  options: IdempotencyOptions,
  leaseMs: number,
): Promise<void> {
  const { keys, clock } = options;
  (ctx.state as IdempotencyState).idempotencyKeyId = id;
  const renewal = setInterval(() => {
    keys.renew(id, new Date(clock().getTime() + leaseMs)).catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  try {
    await next();
  } catch (error) {
    clearInterval(renewal);
    const refused = finalRefusal(error);
    await (
      refusedBeforeRunning(error)
        ? keys.forget(id)
        : refused
          ? keys.answer(id, errorAnswer(refused, ctx.state.requestId as string))
          : keys.release(id, clock())
    ).catch((failure: unknown) => {
      options.logger.warn({ err: failure, idempotencyKeyId: id }, 'idempotency key not settled');
    });
    throw error;
  }
  clearInterval(renewal);
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = ctx.response.get(name);
    if (value) headers[name] = value;
  }
  const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body ?? null);
  // Not final answers are left for the retry to decide; everything else is kept. The request
  // succeeded for its caller either way, so a failure to store is logged, not answered.
  await (
    ctx.status >= 500 || ctx.status === 429
      ? keys.release(id, clock())
      : keys.answer(id, { status: ctx.status, headers, body })
  ).catch((failure: unknown) => {
    options.logger.warn({ err: failure, idempotencyKeyId: id }, 'idempotency answer not stored');
  });
}

/**
 * A 400: the request's path, query or body failed validation, so the endpoint never began
 * executing and wrote nothing (Stripe: "no idempotent result is saved because no API endpoint
 * began execution").
 */
function refusedBeforeRunning(error: unknown): boolean {
  const refused = error instanceof ApiError ? error : commandFailure(error);
  return refused?.statusCode === 400;
}

/** The catalogued refusal a thrown error is answered with, when it is final; else undefined. */
function finalRefusal(error: unknown): ApiError | undefined {
  if (error instanceof ChangedConcurrentlyError) return undefined;
  const refused = error instanceof ApiError ? error : commandFailure(error);
  if (!refused || refused.statusCode >= 500 || refused.statusCode === 429) return undefined;
  if (refused.code === 'IDEMPOTENCY_KEY_IN_USE') return undefined;
  return refused;
}

/** An entity's stream is `<category>-<uuid>`; claim streams (store ids…) are internal. */
const resourceStream =
  /^[A-Za-z][A-Za-z-]*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The resources among the streams written, each once (all streams when none is one). */
function resourcesIn(streams: readonly string[]): string[] {
  const unique = [...new Set(streams)];
  const resources = unique.filter((stream) => resourceStream.test(stream));
  return resources.length > 0 ? resources : unique;
}

function errorAnswer(error: ApiError, requestId: string): StoredAnswer {
  return {
    status: error.statusCode,
    headers: { ...error.headers },
    body: JSON.stringify(error.toBody(requestId)),
  };
}

function replay(ctx: Context, answer: StoredAnswer): void {
  ctx.status = answer.status;
  ctx.set(answer.headers);
  ctx.set(idempotentReplayedHeader, 'true');
  ctx.type = 'application/json';
  ctx.body = answer.body;
}

function inUse(record: IdempotencyRecord, now: Date): ApiError {
  const left = record.lockedUntil ? record.lockedUntil.getTime() - now.getTime() : 0;
  const retryAfter = String(Math.max(1, Math.min(5, Math.ceil(left / 1000))));
  return new ApiError('IDEMPOTENCY_KEY_IN_USE', { headers: { 'Retry-After': retryAfter } });
}

/** What binds a key to its request: method, path, If-Match and the body with sorted keys. */
const fingerprintOf = (ctx: Context): string =>
  requestFingerprint(ctx.method, ctx.path, ctx.get('if-match'), ctx.request.body);

export function requestFingerprint(
  method: string,
  path: string,
  ifMatch: string,
  body: unknown,
): string {
  const parts = [method, path, ifMatch, canonical(body)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  }
  return value ?? null;
}

export { IdempotencyKeys };
