import type { PipelinedStatement, Queryable, QueryOptions, QueryResult, Transaction } from '../db';
import type { RecordedEvent } from '../event-store';
import type { SqlStatement } from './projection';
import type { MergeableRows } from './row-insert';

/**
 * Statements per pipeline: enough to amortise the round trip, few enough that the server
 * starts on a batch while the rest of it is still being built.
 */
const statementsPerPipeline = 250;

/** The first statement that failed, in log order. */
export interface StatementFailure {
  /**
   * Its event; for a multi-row INSERT, the event of its first row; none for a statement of
   * the runner's own (a savepoint).
   */
  event: RecordedEvent | undefined;
  error: unknown;
  /** The statement stood for several events (a multi-row INSERT): any of them may be the cause. */
  ambiguous: boolean;
}

/** A statement on its way, with the event it stands for (the first row's, when merged). */
export interface QueuedStatement {
  statement: PipelinedStatement;
  event: RecordedEvent | undefined;
  ambiguous: boolean;
}

/** Rows of one RowInsert (or RowsStatement) waiting for the next statement: it may add to them. */
interface HeldRows {
  insert: MergeableRows;
  /** The first row's statement, sent as it is when no other row joins it. */
  first: SqlStatement;
  params: unknown[];
  rows: number;
  event: RecordedEvent;
}

/**
 * A projection's statements on their way to the database, in log order, many per round trip
 * (`Transaction.pipeline`): the next pipeline is built while the server runs the one before.
 *
 * With `mergeRows`, consecutive statements of one RowInsert become one multi-row INSERT, and
 * those of one RowsStatement one statement over all their rows. That is the only change made
 * to what the projection returned: nothing is reordered, and every value stays a parameter.
 */
export class StatementPipeline {
  private queued: QueuedStatement[] = [];
  /** Held back in `collect` mode until `takeCollected`, or until a read needs them run. */
  private collected: QueuedStatement[] = [];
  private held: HeldRows | undefined;
  /** The pipeline the server is running, if any. */
  private running: Promise<void> | undefined;
  failure: StatementFailure | undefined;
  /** What the projection's `apply` receives: its reads see every statement queued before. */
  readonly tx: Queryable;

  constructor(
    private readonly target: Transaction,
    private readonly mergeRows: boolean,
    /**
     * Send nothing: the statements are collected for the caller to send with others
     * (`takeCollected`; inline projections send them with the append's COMMIT). A read of the
     * projection's own still sends what came before it first, so it sees it.
     */
    private readonly collect = false,
  ) {
    this.tx = {
      query: async <R>(
        text: string,
        params?: readonly unknown[],
        options?: QueryOptions,
      ): Promise<QueryResult<R>> => {
        this.release();
        this.queued = [...this.collected, ...this.queued];
        this.collected = [];
        await this.transmit();
        await this.running;
        return this.target.query<R>(text, params, options);
      },
    };
  }

  /** In `collect` mode: everything added since the last read, merged, and not sent. */
  takeCollected(): QueuedStatement[] {
    this.release();
    const collected = [...this.collected, ...this.queued];
    this.collected = [];
    this.queued = [];
    return collected;
  }

  /** Queues a statement of `event`, or of the runner's own when `event` is undefined. */
  add(statement: SqlStatement, event?: RecordedEvent): void {
    const { insert } = statement;
    const params = statement.params ?? [];
    if (this.mergeRows && insert && event) {
      const held = this.held;
      if (held?.insert === insert && held.rows < insert.maxRows) {
        held.params.push(...params);
        held.rows += 1;
        return;
      }
      this.release();
      this.held = { insert, first: statement, params: [...params], rows: 1, event };
      return;
    }
    this.release();
    this.queued.push({ statement, event, ambiguous: false });
  }

  /** Sends a full pipeline, after the one before it has run. */
  async pace(): Promise<void> {
    if (this.queued.length >= statementsPerPipeline) await this.send();
  }

  /** Sends everything queued and waits until it has run (or failed: see `failure`). */
  async flush(): Promise<void> {
    this.release();
    await this.send();
    await this.running;
  }

  private release(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    this.queued.push({
      statement: held.rows === 1 ? held.first : held.insert.merge(held.params, held.rows),
      event: held.event,
      ambiguous: held.rows > 1,
    });
  }

  private async send(): Promise<void> {
    if (this.collect) {
      this.collected.push(...this.queued);
      this.queued = [];
      return;
    }
    await this.transmit();
  }

  private async transmit(): Promise<void> {
    await this.running;
    const queued = this.queued;
    this.queued = [];
    if (queued.length === 0 || this.failure) return;
    // Never rejects (nothing left unhandled if the caller gives up): the failure is kept.
    this.running = this.target.pipeline(queued.map((each) => each.statement)).then(
      (failure) => {
        if (!failure) return;
        const { event, ambiguous } = queued[failure.index]!;
        this.failure ??= { event, error: failure.error, ambiguous };
      },
      (error: unknown) => {
        this.failure ??= { event: queued[0]!.event, error, ambiguous: queued.length > 1 };
      },
    );
  }
}
