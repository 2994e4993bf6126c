import type { PipelineFailure, PipelinedStatement, QueryOptions, Transaction } from './database';
import { TransactionAbortedError } from './database';

/** What a driver's run of statements answers (see `StatementRunner`). */
export interface StatementsOutcome {
  failure: PipelineFailure | undefined;
  /** What the statement read gave (none after a failure, or when none was read). */
  read?: StatementAnswer;
}

/** A read statement's answer. */
export interface StatementAnswer {
  rows: unknown[];
  /** Its count (rows inserted, updated, deleted or returned), from its command tag. */
  rowCount: number;
  /** Its command tag ("COMMIT", or "ROLLBACK" when it ended an aborted transaction). */
  tag: string | undefined;
}

/**
 * How a driver runs statements: in order, in one write (pg's pipeline, one PGlite protocol
 * message), stopping at the first that fails; the rows, count and tag of the one at `read`.
 * With `wholeOrNothing`, a statement whose values cannot be serialised fails before anything
 * is sent; otherwise the statements before it run.
 */
export type StatementRunner = (
  statements: readonly PipelinedStatement[],
  read: number | undefined,
  wholeOrNothing?: boolean,
) => Promise<StatementsOutcome>;

export interface TransactionHooks {
  /** Statements right after BEGIN (`TransactionOptions.prelude`). */
  prelude?: readonly PipelinedStatement[];
  /** An error after which the connection cannot answer a ROLLBACK (it stopped answering). */
  connectionLost?: (error: unknown) => boolean;
  /** The connection must not be used again: it was lost, or its ROLLBACK failed. */
  onBroken?: (error: unknown) => void;
}

const begin: PipelinedStatement = { text: 'BEGIN' };
const commit: PipelinedStatement = { text: 'COMMIT' };
const rollback: PipelinedStatement = { text: 'ROLLBACK' };

/**
 * One transaction over `run`, the same on both drivers (`Database.transaction`):
 * - BEGIN and the prelude are not sent on their own: they leave with the first statement.
 * - A pipeline that commits carries its COMMIT.
 * - A transaction whose first statement is a pipeline that commits (an inline write in one
 *   trip) sends neither BEGIN nor COMMIT: Postgres runs the statements of one pipeline, up to
 *   its Sync, as one implicit transaction, committed at the Sync and rolled back whole when
 *   one fails (the protocol's pipelining, as libpq's pipeline mode uses it). That is two
 *   statements fewer for the server to run on every such write. Nothing may then be sent
 *   before all of it can be: a value that cannot be serialised fails the pipeline unsent.
 * - A transaction that has ended (committed, or rolled back by the server) refuses more
 *   statements, which would otherwise run outside it.
 */
export async function runTransaction<T>(
  run: StatementRunner,
  fn: (tx: Transaction) => Promise<T>,
  hooks: TransactionHooks = {},
): Promise<T> {
  /** BEGIN and the prelude, until they leave with the first statement (then undefined). */
  let opening: readonly PipelinedStatement[] | undefined = hooks.prelude ?? [];
  /** Nothing is open on the connection any more: committed, or rolled back by the server. */
  let ended = false;
  /** An implicit transaction (see above) failed: the server rolled it back. */
  let rolledBack = false;
  const open = (): PipelinedStatement[] => {
    if (ended) throw new Error('This transaction has ended: nothing more can run in it');
    if (!opening) return [];
    const statements = [begin, ...opening];
    opening = undefined;
    return statements;
  };
  const tx: Transaction = {
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const first = open();
      const statement = {
        text,
        ...(params ? { params } : {}),
        ...(options?.name === undefined ? {} : { name: options.name }),
      };
      const answer = await run([...first, statement], first.length);
      if (answer.failure) throw answer.failure.error;
      const { rows, rowCount } = answer.read!;
      return { rows: rows as R[], rowCount };
    },
    async pipeline(statements, options) {
      const commits = options?.commit === true;
      const read = options?.read;
      // The whole transaction in one pipeline: no BEGIN and no COMMIT (see above).
      const implicit = commits && opening !== undefined && !ended;
      const first = implicit ? [...opening!] : open();
      if (implicit) opening = undefined;
      const answer = await run(
        [...first, ...statements, ...(commits && !implicit ? [commit] : [])],
        read ? first.length + read.index : undefined,
        implicit,
      );
      ended ||= implicit || (commits && !answer.failure);
      rolledBack ||= implicit && answer.failure !== undefined;
      if (answer.failure && answer.failure.index < first.length) throw answer.failure.error;
      if (answer.failure) {
        return { index: answer.failure.index - first.length, error: answer.failure.error };
      }
      if (read) read.onRows(answer.read!.rows);
      return undefined;
    },
  };
  try {
    const value = await fn(tx);
    // Its work returned as if nothing had failed: the caller must not think it committed.
    if (rolledBack) throw new TransactionAbortedError();
    if (!ended && opening === undefined) {
      // A transaction in which a statement failed answers COMMIT with ROLLBACK, and no error.
      const answer = await run([commit], 0);
      if (answer.failure) throw answer.failure.error;
      ended = true;
      if (answer.read?.tag === 'ROLLBACK') throw new TransactionAbortedError();
    }
    return value;
  } catch (error) {
    if (hooks.connectionLost?.(error)) {
      // It would not answer ROLLBACK either; the server rolls back when the session ends.
      hooks.onBroken?.(error);
    } else if (!ended && opening === undefined) {
      const answer = await run([rollback], undefined).catch((rollbackError: unknown) => ({
        failure: { index: 0, error: rollbackError },
      }));
      if (answer.failure) hooks.onBroken?.(answer.failure.error);
    }
    throw error;
  }
}
