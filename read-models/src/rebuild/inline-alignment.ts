import { inlineWritesLock } from '@brand-api/event-store';
import type { LogPosition, Queryable, RecordedEvent, Transaction } from '@brand-api/event-store';
import type { Alignment } from './align-attempts';
import { backOffAfterLockTimeout, beginAttempt, limitLockWaits } from './align-attempts';
import type { ShadowRun } from './shadow-run';

/** How one attempt ended: `work` done, or (on PGlite) the log moved since the read ahead. */
type Attempt<T> = { kind: 'done'; value: T; heldSince: number } | { kind: 'moved' };

/**
 * `aligned` for a projection applied inline (in each append's transaction): its live tables
 * show every committed event, so the shadow must reach the head of the log. The transaction
 * takes the inline-writes lock exclusively first: writes in flight finish, new ones wait (at
 * their BEGIN, before they append anything) until it commits. Under it the log cannot move:
 * the shadow catches up the tail read since the last replay and `work` runs. Writes are held
 * only for that transaction; `writesHeldMs` says how long.
 */
export async function alignInline<T>(run: ShadowRun, alignment: Alignment<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const notInTime = `Could not hold the writes of ${run.name} within the time allowed`;
    await beginAttempt(run, attempt, alignment.deadline, notInTime);
    await run.replay();
    const prefetched = await run.readAhead(run.position);
    try {
      const outcome = await run.shadowTransaction((tx) =>
        attemptHoldingWrites(run, tx, alignment, prefetched),
      );
      if (outcome.kind === 'done') {
        run.writesHeldMs = performance.now() - outcome.heldSince;
        return outcome.value;
      }
    } catch (error) {
      await backOffAfterLockTimeout(error, attempt);
    }
  }
}

/**
 * One attempt's transaction: the writes held, the live tables and checkpoint locked, the
 * shadow caught up to the head of the log, then `work`.
 */
async function attemptHoldingWrites<T>(
  run: ShadowRun,
  tx: Transaction,
  { mode, work, tables }: Alignment<T>,
  prefetched: RecordedEvent[],
): Promise<Attempt<T>> {
  await limitLockWaits(tx, run);
  const hold = inlineWritesLock('exclusive');
  await tx.query(hold.text, hold.params);
  const heldSince = performance.now();
  await run.live.lockTables(tx, tables, mode);
  await run.live.lockCheckpoint(tx);
  const lastPrefetched = prefetched.at(-1)?.position ?? run.position;
  let catchUp = prefetched;
  if (run.options.db.kind === 'postgres') {
    // Read on another connection: every append has committed (none runs under the lock).
    catchUp = catchUp.concat(await run.readAhead(lastPrefetched, undefined, true));
  } else if (await appendedAfter(tx, lastPrefetched)) {
    // PGlite: one connection, held by this transaction; read the rest before it.
    return { kind: 'moved' };
  }
  if (catchUp.length > 0) await run.applyInTransaction(tx, catchUp);
  return { kind: 'done', value: await work(tx, run.position, tables), heldSince };
}

/** Whether any event lies after `after` (read in the caller's transaction, as it sees it). */
async function appendedAfter(tx: Queryable, after: LogPosition): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)) AS any`,
    [after.commit, after.prepare],
  );
  return rows[0]?.any === true;
}
