import { comparePositions } from '@brand-api/event-store';
import type { HeldLock, LogPosition, RecordedEvent, Transaction } from '@brand-api/event-store';
import type { Alignment } from './align-attempts';
import { backOffAfterLockTimeout, beginAttempt, delay, limitLockWaits } from './align-attempts';
import { AlignmentError } from './rebuild-errors';
import type { ShadowRun } from './shadow-run';

/** How one attempt ended: `work` done, or the live projector behind or ahead of the shadow. */
type Attempt<T> =
  | { kind: 'done'; value: T }
  | { kind: 'live-behind'; live: LogPosition }
  | { kind: 'live-ahead'; live: LogPosition };

/**
 * `aligned` for a projection a runner applies: the shadow is brought to the live checkpoint.
 *
 * - no live projector leads the projection (its advisory lock is free, and this holds it):
 *   the shadow catches up to the head and the checkpoint will follow it;
 * - a live projector leads it: the shadow is brought to the live checkpoint, never past it,
 *   so the projector continues from the same position on the swapped tables as if nothing
 *   happened. If it is behind the shadow, we wait for it; if it moved on between our read
 *   and our locks, we read again.
 */
export async function alignWithRunner<T>(run: ShadowRun, alignment: Alignment<T>): Promise<T> {
  const { mode, deadline } = alignment;
  for (let attempt = 0; ; attempt += 1) {
    const notInTime = `Could not line up ${run.name} with its live projector within the time allowed`;
    await beginAttempt(run, attempt, deadline, notInTime);
    const noLeader = await run.live.tryLead();
    try {
      if (noLeader && mode === 'swap') await run.replay();
      const prefetched = await run.readAhead(run.position);
      const outcome = await run.shadowTransaction((tx) =>
        attemptUnderLocks(run, tx, alignment, noLeader, prefetched),
      );
      if (outcome.kind === 'done') return outcome.value;
      if (outcome.kind === 'live-behind') {
        if (noLeader) {
          throw new AlignmentError(
            `The live tables of ${run.name} are behind the log and no projector is running to catch them up`,
          );
        }
        await delay(20);
      } else {
        // Up to where the live tables stood, not past it: the projector is then either
        // still there or a little ahead, within the next read.
        await run.replay(outcome.live);
      }
    } catch (error) {
      await backOffAfterLockTimeout(error, attempt);
    } finally {
      await noLeader?.release();
    }
  }
}

/**
 * One attempt's transaction: the live tables and checkpoint locked, the shadow caught up to
 * the target (the head read ahead when no projector leads a swap, else the live checkpoint),
 * then `work`.
 */
async function attemptUnderLocks<T>(
  run: ShadowRun,
  tx: Transaction,
  { mode, work, tables }: Alignment<T>,
  noLeader: HeldLock | null,
  prefetched: RecordedEvent[],
): Promise<Attempt<T>> {
  await limitLockWaits(tx, run);
  await run.live.lockTables(tx, tables, mode);
  const live = await run.live.lockCheckpoint(tx);
  const lastPrefetched = prefetched.at(-1)?.position ?? run.position;
  const target = noLeader && mode === 'swap' ? lastPrefetched : live;
  if (comparePositions(target, run.position) < 0) return { kind: 'live-behind', live };
  let catchUp = prefetched.filter((e) => comparePositions(e.position, target) <= 0);
  if (comparePositions(target, lastPrefetched) > 0) {
    // The projector moved on since our read. On a server the log is read on another
    // connection while we hold the locks (the projector cannot move meanwhile, and
    // everything it saw is visible to us); PGlite has a single connection, so read again.
    if (run.options.db.kind !== 'postgres') return { kind: 'live-ahead', live };
    catchUp = catchUp.concat(await run.readAhead(lastPrefetched, target));
  }
  if (catchUp.length > 0) await run.applyInTransaction(tx, catchUp);
  if (comparePositions(run.position, target) !== 0) {
    throw new AlignmentError(`The log has no event at the live position of ${run.name}`);
  }
  return { kind: 'done', value: await work(tx, target, tables) };
}
