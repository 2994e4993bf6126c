import type { DatabaseKind, Queryable, QueryResult, SqlStatement } from '@brand-api/event-store';
import { templateOf, toLiteral } from './inline-params';

/** Statements per round trip on a server: large enough to amortise latency, small enough to parse fast. */
const statementsPerRoundTrip = 500;

/** Prepared statement names are never reused in a process, so a leftover cannot collide. */
let preparedCount = 0;

/**
 * Runs a projection's statements inside one transaction, as the runner would, but in as few
 * round trips and as little server-side planning as possible.
 *
 * On a Postgres server each distinct statement text is PREPAREd once per transaction and run
 * with EXECUTE and its parameters inlined as literals (see inline-params.ts), hundreds per
 * `;`-joined round trip; the prepared statements are deallocated when the batch ends. A
 * projection that reads through `tx` still sees its own earlier writes: any query it makes
 * first flushes the queue. On PGlite (in process, no network) each statement runs on its own:
 * there is no round trip to save, and its extended protocol refuses several statements at once.
 */
export class StatementBatch {
  private queued: string[] = [];
  private readonly prepared = new Map<string, string>();
  /** What `apply(event, tx)` receives: reads flush the queue before running. */
  readonly tx: Queryable;

  constructor(
    private readonly target: Queryable,
    private readonly kind: DatabaseKind,
  ) {
    this.tx = {
      query: async <R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
        await this.flush();
        return this.target.query<R>(text, params);
      },
    };
  }

  async add(statements: readonly SqlStatement[] | void): Promise<void> {
    for (const statement of statements ?? []) {
      if (this.kind !== 'postgres') {
        await this.target.query(statement.text, statement.params);
        continue;
      }
      this.queue(statement);
      if (this.queued.length >= statementsPerRoundTrip) await this.flush();
    }
  }

  private queue({ text, params }: SqlStatement): void {
    if (!params || params.length === 0) {
      this.queued.push(text);
      return;
    }
    const { arity } = templateOf(text);
    if (arity > params.length) {
      throw new RangeError(`Statement uses $${arity} but has ${params.length} parameters`);
    }
    let name = this.prepared.get(text);
    if (!name) {
      preparedCount += 1;
      name = `rebuild_stmt_${preparedCount}`;
      this.prepared.set(text, name);
      this.queued.push(`PREPARE ${name} AS ${text}`);
    }
    const args = params.slice(0, arity).map(toLiteral);
    this.queued.push(args.length > 0 ? `EXECUTE ${name}(${args.join(', ')})` : `EXECUTE ${name}`);
  }

  async flush(): Promise<void> {
    if (this.queued.length === 0) return;
    const script = this.queued.join(';\n');
    this.queued = [];
    try {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      await this.target.query(script);
    } catch (error) {
      throw new BatchFlushError(error);
    }
  }

  /** Flushes and releases the prepared statements (they belong to the pooled connection). */
  async finish(): Promise<void> {
    for (const name of this.prepared.values()) this.queued.push(`DEALLOCATE ${name}`);
    this.prepared.clear();
    await this.flush();
  }
}

/** One of several statements sent together failed; which event caused it is not known here. */
export class BatchFlushError extends Error {
  override readonly name = 'BatchFlushError';
  constructor(override readonly cause: unknown) {
    super(
      `A batch of projection statements failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
