import type { Database, PipelinedStatement, Transaction } from '../db';

export interface HeldTransaction {
  /** Resolves once `work` has run: the transaction is then open, waiting for `end`. */
  ready: Promise<void>;
  /** Commits, or rolls back with `error` (which `done` then rejects with). */
  end(error?: Error): void;
  /** The transaction's outcome. */
  done: Promise<void>;
}

/**
 * A transaction left open beside the code under test (another process's write in flight): it
 * runs `prelude` and `work`, then waits for `end()`. Needs a pool of its own on a server; on
 * PGlite, whose one connection it would hold, nothing else could run meanwhile.
 */
export function holdTransaction(
  db: Database,
  work: (tx: Transaction) => Promise<unknown>,
  prelude: readonly PipelinedStatement[] = [],
): HeldTransaction {
  let ran!: () => void;
  let failed!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    ran = resolve;
    failed = reject;
  });
  let end!: (error?: Error) => void;
  const ended = new Promise<void>((resolve, reject) => {
    end = (error) => (error ? reject(error) : resolve());
  });
  const done = db.transaction(
    async (tx) => {
      await work(tx);
      ran();
      await ended;
    },
    { prelude },
  );
  // A transaction that fails before it is ready fails `ready` too. Either may go unawaited.
  done.catch(failed);
  ready.catch(() => undefined);
  return { ready, end, done };
}
