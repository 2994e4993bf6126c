import { createHash } from 'node:crypto';

/**
 * One SQL layer, two drivers: a `pg` pool for a Postgres server and in-process PGlite for the
 * embedded default. Everything above this file speaks `Database` and never knows which it has.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name and reuses its plan (PGlite has
   * one connection). For hot statements whose planning costs more than their execution. One
   * name, one text, forever.
   */
  name?: string;
}

export interface Queryable {
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>>;
}

/** A statement run for its effect in a pipeline (see `Transaction.pipeline`). */
export interface PipelinedStatement {
  text: string;
  params?: readonly unknown[];
  /**
   * As `QueryOptions.name`: prepared once per connection under this name, parsed and planned
   * no more. One name, one text, forever; for statements of a few fixed
   * texts that run on every write (`preparedName()` makes one from the text).
   */
  name?: string;
}

export interface PipelineFailure {
  /** Where in the pipeline the statement that failed stands. */
  index: number;
  error: unknown;
}

export interface Transaction extends Queryable {
  /**
   * Runs `statements` in order for their effect (rows are not read) and stops at the first one
   * that fails, which it resolves with; the transaction is then aborted, as after any failed
   * query. On a server they leave in one write and are answered together: a thousand
   * statements cost about one round trip. PGlite gets them as one protocol message too.
   *
   * With `commit`, COMMIT leaves in the same write after them: when nothing failed the
   * transaction has committed on return (one round trip for the last statements and the
   * commit), and `transaction` sends no COMMIT of its own. A failure (COMMIT's included, at
   * index `statements.length`) leaves it to be rolled back as usual.
   *
   * With `read`, the rows of the statement at `read.index` are handed to `read.onRows` when
   * nothing failed (in a pipeline that commits, once committed); the others' rows are not read.
   */
  pipeline(
    statements: readonly PipelinedStatement[],
    options?: { commit?: boolean; read?: PipelineRead },
  ): Promise<PipelineFailure | undefined>;
}

/** Which statement of a pipeline has its rows read, and who gets them. */
export interface PipelineRead {
  index: number;
  onRows(rows: unknown[]): void;
}

export interface TransactionOptions {
  /**
   * Statements that run right after BEGIN (a transaction-level lock, settings). BEGIN is then
   * not sent on its own: BEGIN, these and the transaction's first statement leave in one write
   * (one round trip instead of three on a server, one call into PGlite). A failing prelude
   * statement fails that first statement's call.
   */
  prelude?: readonly PipelinedStatement[];
}

/** A session-level lock held until released (Postgres advisory lock). */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * A connection of its own, outside the pool, for state that lives as long as the session
 * (advisory locks held and watched for a long time). Its statements run one at a time.
 */
export interface Session extends Queryable {
  /** Ends the session; what it held is released with it. */
  release(): Promise<void>;
}

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `fn` in one transaction (READ COMMITTED); commits on resolve, rolls back on throw. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Tries to take the advisory lock `key` for this process; null when another session holds it.
   * On PGlite there is one process per data directory (lock file), so locks only order
   * in-process workers.
   */
  tryLock(key: string): Promise<HeldLock | null>;
  /**
   * Opens a session of its own (see `Session`); `onLost` is told once if its connection dies
   * before it is released. PGlite has one connection, which the session shares.
   */
  session(onLost: (error: Error) => void): Promise<Session>;
  close(): Promise<void>;
}

/** The work of a transaction returned although one of its statements had failed. */
export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';
  constructor() {
    super('The transaction was rolled back: one of its statements failed');
  }
}

/** Postgres SQLSTATE codes we react to. */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** Our own: the checked append's failed expected-version check (append-streams-sql.ts). */
  appendCheckFailed: 'ES409',
} as const;

export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** A statement name that stands for `text` alone (see `PipelinedStatement.name`). */
export function preparedName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** Stable 64-bit advisory lock key for a name (`$1`), computed by Postgres itself. */
export const advisoryKeySql = `('x' || substr(md5($1), 1, 16))::bit(64)::bigint`;
