import type { DatabaseKind, Queryable, QueryResult, SqlStatement } from '@brand-api/event-store';
import { inlineParams } from './inline-params';

/** Statements per round trip on a server: large enough to amortise latency, small enough to parse fast. */
const statementsPerRoundTrip = 250;

/**
 * Runs a projection's statements inside one transaction, as the runner would, but in as few
 * round trips as possible.
 *
 * On a Postgres server statements are queued and sent `;`-joined with their parameters inlined
 * (see inline-params.ts). A projection that reads through `tx` still sees its own earlier
 * writes: any query it makes first flushes the queue. On PGlite (in process, no network) each
 * statement runs on its own: there is no round trip to save, and PGlite's extended protocol
 * refuses several statements in one query.
 */
export class StatementBatch {
  private queued: string[] = [];
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
      this.queued.push(inlineParams(statement.text, statement.params));
      if (this.queued.length >= statementsPerRoundTrip) await this.flush();
    }
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
