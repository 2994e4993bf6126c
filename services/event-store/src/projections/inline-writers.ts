import type { PipelinedStatement } from '../db/database';
import { advisoryKeySql } from '../db/database';

/**
 * The advisory lock every inline write holds shared for its transaction, and that a rebuild's
 * swap (or the switch of a projection to inline) holds exclusively: while it is held, no write
 * is half done and none begins, so the log and the read tables agree.
 */
export const inlineWritesLockKey = 'projections:inline-writes';

/**
 * The lock of the sole writer (`SoleWriterLease`): a process that holds it exclusively, for
 * its session, is the only one that can write the inline projections' tables. Every other
 * write, and every swap, holds it shared for its transaction, so none can commit while it is
 * held: they wait, the holder sees them waiting and lets go.
 */
export const soleWriterLockKey = 'projections:inline-writes:sole';

/**
 * The lock statement an inline write's transaction starts with (sent with its first statement):
 * - `shared`: a write by a process that is not the sole writer (the inline-writes lock and the
 *   sole writer's, both shared);
 * - `sole`: a write by the sole writer (it holds the sole writer's lock for its session);
 * - `exclusive`: a rebuild's swap or a switch to inline: no write is in flight or begins, and
 *   a sole writer elsewhere lets go first.
 */
export function inlineWritesLock(mode: 'shared' | 'sole' | 'exclusive'): PipelinedStatement {
  const writes = mode === 'exclusive' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared';
  const sole = `, pg_advisory_xact_lock_shared(${advisoryKeySql.replaceAll('$1', '$2')})`;
  return {
    text: `SELECT ${writes}(${advisoryKeySql})${mode === 'sole' ? '' : sole}`,
    params: mode === 'sole' ? [inlineWritesLockKey] : [inlineWritesLockKey, soleWriterLockKey],
    name: `inline_writes_lock_${mode}`,
  };
}

/**
 * Until when this process alone writes the inline projections' tables: a read cache needs to
 * know to stay exact, and the process's writes take the lock that goes with it
 * (`inlineWritesLock`, chosen by the inline projector as each write begins).
 */
export interface InlineWriters {
  /**
   * Tells `listener` until when (a `performance.now()` time) this process is the sole writer:
   * at once, then at every change and renewal; 0 when it is not. Returns the removal.
   */
  observe(listener: (soleUntil: number) => void): () => void;
  /**
   * Looks again, now, whether this process is still the sole writer (its last look is too old
   * to count on); resolves once the listeners have been told.
   */
  confirm(): Promise<void>;
  /**
   * A write of this process that takes the sole writer's lock shared begins: it is counted
   * until the returned end is called, once it has committed or failed. While this process is
   * trying to take that lock, returns the try instead, to wait for before choosing the lock
   * again: such a write sent during the try would wait on the lock just taken, and the new
   * holder would see it waiting and let go at once.
   */
  writeShared?(): (() => void) | Promise<void>;
  /**
   * The database has one connection, which a transaction holds alone (embedded PGlite): no
   * two transactions overlap, so a write takes no lock (it would always be granted at once).
   */
  readonly oneConnection?: boolean;
}

/**
 * The embedded database: one process owns it (the data-directory lock), so it is sole, and its
 * one connection serialises every transaction.
 */
export const embeddedWriters: InlineWriters = {
  observe(listener) {
    listener(Infinity);
    return () => undefined;
  },
  confirm: () => Promise.resolve(),
  oneConnection: true,
};

/** A process on a server that never claims to be the sole writer (a worker, a tool). */
export const sharedWriters: InlineWriters = {
  observe(listener) {
    listener(0);
    return () => undefined;
  },
  confirm: () => Promise.resolve(),
};
