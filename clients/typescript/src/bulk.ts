/**
 * The bulk helper: any number of records, sent 100 per call, waiting out the bulk calls' limit
 * (10 per minute per brand) as the `RateLimit` and `Retry-After` headers announce it, so no 429
 * reaches the caller.
 */
import { BrandApiError } from './errors';
import { sleep } from './retry';
import type { Answer, CallOptions } from './transport';
import { newIdempotencyKey } from './transport';

/** At most 100 upserts and 100 deletes per bulk call. */
export const BULK_BATCH_SIZE = 100;

export interface BulkBody<Rec> {
  upsertRecords: Rec[];
  deleteRecords: string[];
}

export interface SyncInput<Rec> {
  /** Records to create, or to update when their storeId exists: sent first, in order. */
  upsert?: Iterable<Rec>;
  /** Store ids to delete: sent after every upsert. */
  delete?: Iterable<string>;
}

export interface SyncOptions {
  signal?: AbortSignal;
  /** Called after each call with its counts, e.g. to show progress. */
  onBatch?: (batch: { call: number; upserted: number; deleted: number }) => void;
}

export interface SyncResult<A> {
  /** Bulk calls made (429s waited out are not counted). */
  calls: number;
  upserted: number;
  deleted: number;
  /** Time spent waiting for the rate limit's window to reset. */
  rateLimitWaitMs: number;
  /** Each call's answer, in order. */
  answers: A[];
}

/** `RateLimit: "bulk";r=0;t=51`: requests remaining in the window and seconds until it resets. */
export function parseRateLimit(
  value: string | null,
): { remaining: number; resetSeconds: number } | undefined {
  if (value === null) return undefined;
  const remaining = /;\s*r=(\d+)/.exec(value)?.[1];
  const reset = /;\s*t=(\d+)/.exec(value)?.[1];
  if (remaining === undefined || reset === undefined) return undefined;
  return { remaining: Number(remaining), resetSeconds: Number(reset) };
}

function* batches<Rec>(input: SyncInput<Rec>): Generator<BulkBody<Rec>> {
  let upsertRecords: Rec[] = [];
  for (const record of input.upsert ?? []) {
    upsertRecords.push(record);
    if (upsertRecords.length === BULK_BATCH_SIZE) {
      yield { upsertRecords, deleteRecords: [] };
      upsertRecords = [];
    }
  }
  if (upsertRecords.length > 0) yield { upsertRecords, deleteRecords: [] };
  let deleteRecords: string[] = [];
  for (const storeId of input.delete ?? []) {
    deleteRecords.push(storeId);
    if (deleteRecords.length === BULK_BATCH_SIZE) {
      yield { upsertRecords: [], deleteRecords };
      deleteRecords = [];
    }
  }
  if (deleteRecords.length > 0) yield { upsertRecords: [], deleteRecords };
}

/** A bulk call that throws 429s to its caller instead of waiting them out. */
export type SendBulk<Rec, A> = (
  body: BulkBody<Rec>,
  options: CallOptions & { rateLimited: 'throw' },
) => Promise<Answer<A>>;

export async function syncInBatches<Rec, A>(
  send: SendBulk<Rec, A>,
  input: SyncInput<Rec>,
  options: SyncOptions = {},
  now: () => number = Date.now,
): Promise<SyncResult<A>> {
  const result: SyncResult<A> = {
    calls: 0,
    upserted: 0,
    deleted: 0,
    rateLimitWaitMs: 0,
    answers: [],
  };
  const wait = async (ms: number) => {
    const started = now();
    await sleep(ms, options.signal);
    result.rateLimitWaitMs += now() - started;
  };
  let windowEmptyUntil = 0;
  for (const body of batches(input)) {
    if (windowEmptyUntil > now()) await wait(windowEmptyUntil - now());
    // One key per batch, kept while its 429s are waited out: a batch is applied once.
    const idempotencyKey = newIdempotencyKey();
    let answer: A | undefined;
    for (;;) {
      try {
        const sent = await send(body, {
          idempotencyKey,
          signal: options.signal,
          rateLimited: 'throw',
        });
        answer = sent.body;
        const limit = parseRateLimit(sent.headers.get('ratelimit'));
        if (limit?.remaining === 0) windowEmptyUntil = now() + limit.resetSeconds * 1000 + 100;
        break;
      } catch (error) {
        if (!(error instanceof BrandApiError)) throw error;
        if (error.code === 'IDEMPOTENCY_ANSWER_LOST') break; // applied; its answer is gone
        if (error.statusCode !== 429) throw error;
        const seconds = error.retryAfterSeconds ?? 60;
        await wait(seconds * 1000 + 100);
      }
    }
    result.calls += 1;
    result.upserted += body.upsertRecords.length;
    result.deleted += body.deleteRecords.length;
    if (answer !== undefined) result.answers.push(answer);
    options.onBatch?.({
      call: result.calls,
      upserted: body.upsertRecords.length,
      deleted: body.deleteRecords.length,
    });
  }
  return result;
}
