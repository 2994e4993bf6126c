import { sqlStateOf } from '@brand-api/event-store';
import type { LogPosition, Queryable } from '@brand-api/event-store';
import type { AlignMode } from './live-projection';
import { AlignmentError } from './rebuild-errors';
import type { ShadowRun } from './shadow-run';

/** What runs once the shadow and the live tables stand at `position`, both locked, in `tx`. */
export type AlignedWork<T> = (tx: Queryable, position: LogPosition, tables: string[]) => Promise<T>;

/** What an alignment is asked: `work` on the shadow's `tables`, locked for `mode`, by `deadline`. */
export interface Alignment<T> {
  mode: AlignMode;
  work: AlignedWork<T>;
  tables: string[];
  /** When to give up (ms since the epoch). */
  deadline: number;
}

const retryableLockStates = new Set(['55P03', '40P01']);

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts attempt number `attempt` to line up with the live tables: refused when the run was
 * aborted or `deadline` has passed (`AlignmentError` saying what could not be done in time).
 */
export async function beginAttempt(
  run: ShadowRun,
  attempt: number,
  deadline: number,
  notInTime: string,
): Promise<void> {
  run.throwIfAborted();
  if (Date.now() > deadline) throw new AlignmentError(notInTime);
  await run.options.beforeAlignAttempt?.(attempt);
}

/**
 * After a failed attempt: a lock not granted within lock_timeout (or a deadlock) waits a
 * little, longer after each attempt, for the next one; any other error is rethrown.
 */
export async function backOffAfterLockTimeout(error: unknown, attempt: number): Promise<void> {
  if (!retryableLockStates.has(sqlStateOf(error) ?? '')) throw error;
  await delay(10 + Math.random() * 40 * Math.min(attempt + 1, 10));
}

/** Sets the transaction's lock_timeout to the run's (default 500 ms). */
export async function limitLockWaits(tx: Queryable, run: ShadowRun): Promise<void> {
  const lockTimeoutMs = run.options.lockTimeoutMs ?? 500;
  await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
}
