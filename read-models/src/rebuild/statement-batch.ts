import type { DatabaseKind, Queryable, QueryResult, SqlStatement } from '@brand-api/event-store';
import { templateOf, toLiteral } from './inline-params';
import type { InsertValues, TableWrite } from './statement-shape';
import { shapeOf } from './statement-shape';

/**
 * Statements (as the projection returned them) per round trip on a server: enough to amortise
 * latency and make multi-row INSERTs, few enough that the server starts on a shadow batch of
 * 1,000 events while the rest of it is still being built (see send()).
 */
const statementsPerRoundTrip = 250;

/** Prepared statement names are never reused in a process, so a leftover cannot collide. */
let preparedCount = 0;

/** A statement waiting in its table's queue, its parameters already SQL literals. */
interface Queued {
  text: string;
  /** Literals of `$1…$arity`; undefined when the statement has no parameters. */
  literals: string[] | undefined;
  values: InsertValues | undefined;
}

/**
 * Runs a projection's statements inside one transaction, as the runner would, but in as few
 * round trips and as little server-side work as possible, with the same end state.
 *
 * On a Postgres server statements are queued and sent hundreds per `;`-joined round trip:
 *
 * - Each statement is classified by a conservative parse (statement-shape.ts). A single-table
 *   write (plain INSERT … VALUES, INSERT … ON CONFLICT DO NOTHING, UPDATE or DELETE without
 *   sub-SELECT, FROM or USING) waits in the queue of its table; anything else is a barrier:
 *   every queue is sent, in order, before it.
 * - Queues of different tables are sent one after the other, not interleaved: writes to
 *   different read-model tables commute because those tables have no foreign keys, triggers,
 *   rules, sequences or defaults that read other tables (the migrations in
 *   read-models/src/{brands,catalogue,community}/migrations.ts create none, and
 *   statement-batch.differential.int.spec.ts fails if one appears; the live runner's batches
 *   (live-apply.ts) rely on it too). Statements on one table, named however (`brands`,
 *   `public.brands`), always keep their order.
 * - Consecutive INSERT … VALUES ($…) ON CONFLICT … DO NOTHING statements of one queue with the
 *   same text become one multi-row INSERT with the parameters inlined as literals. Postgres
 *   coerces each item of a multi-row INSERT's VALUES to its target column's type, as it infers
 *   an untyped parameter's type from that column, and DO NOTHING skips a row whose key an
 *   earlier row of the same statement inserted, as the later statement would have been skipped
 *   (statement-batch.int.spec.ts proves both). A placeholder used for two columns is inlined
 *   only when both columns have the same type: a parameter has one type, and Postgres refuses
 *   a statement that would need two, where literals would each take their column's.
 * - Every other statement is PREPAREd once per batch and run with EXECUTE, its parameters
 *   inlined as literals (see inline-params.ts); the prepared statements are deallocated when
 *   the batch ends.
 *
 * A projection that reads through `tx` still sees its own earlier writes: any query it makes
 * first sends the queue. On PGlite (in process, no network) each statement runs on its own:
 * there is no round trip to save, and its extended protocol refuses several statements at once.
 * That is also the path a failed batch is replayed on, statement by statement, to name the event.
 */
export class StatementBatch {
  /** Statements ready to send, in order. */
  private script: string[] = [];
  /** Whether `script` holds a barrier not yet sent (it might change tables or the search path). */
  private scriptHasBarrier = false;
  private readonly queues = new Map<string, Queued[]>();
  private added = 0;
  private readonly prepared = new Map<string, string>();
  /** Per INSERT text: whether its repeated placeholders may be inlined (columns of one type). */
  private readonly inlinable = new Map<string, boolean>();
  /** The script the server is running, if any, and the first failure of one. */
  private running: Promise<void> | undefined;
  private failure: BatchFlushError | undefined;
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
      await this.queue(statement);
      if (this.added >= statementsPerRoundTrip) await this.send();
    }
  }

  private async queue({ text, params }: SqlStatement): Promise<void> {
    const literals = literalsOf(text, params);
    const shape = shapeOf(text);
    this.added += 1;
    if (shape.kind === 'barrier') {
      this.sendQueues();
      this.script.push(this.executable(text, literals));
      this.scriptHasBarrier = true;
      // It may change a column's type or the search path: column types are looked up again.
      this.inlinable.clear();
      return;
    }
    const values = literals ? shape.values : undefined;
    if (
      values &&
      !this.inlinable.has(text) &&
      this.queues.get(shape.table)?.at(-1)?.text === text
    ) {
      // The second in a row: from here on it may merge, if its column types allow.
      this.inlinable.set(text, await this.sameTypes(shape, values));
    }
    let queue = this.queues.get(shape.table);
    if (!queue) {
      queue = [];
      this.queues.set(shape.table, queue);
    }
    queue.push({ text, literals, values });
  }

  /** Whether every placeholder used for several columns is used for columns of one type. */
  private async sameTypes(shape: TableWrite, values: InsertValues): Promise<boolean> {
    const columnsOf = new Map<number, string[]>();
    values.items.forEach((item, at) => {
      columnsOf.set(item, [...(columnsOf.get(item) ?? []), values.columns[at]!]);
    });
    const repeated = [...columnsOf.values()].filter((columns) => columns.length > 1);
    if (repeated.length === 0) return true;
    // The catalog as the queued statements will see it: after any barrier sent before them.
    if (this.scriptHasBarrier) await this.send();
    await this.settle();
    let types: Map<string, string>;
    try {
      const { rows } = await this.target.query<{ name: string; type: string }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
         WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped`,
        [shape.tableText],
      );
      types = new Map(rows.map((row) => [row.name, row.type]));
    } catch (error) {
      throw new BatchFlushError(error);
    }
    return repeated.every((columns) => {
      const type = types.get(columns[0]!);
      return type !== undefined && columns.every((column) => types.get(column) === type);
    });
  }

  /** Moves every table's queue to the script, merging runs of the same INSERT. */
  private sendQueues(): void {
    for (const queue of this.queues.values()) {
      for (let i = 0; i < queue.length;) {
        const { text, literals, values } = queue[i]!;
        let end = i + 1;
        if (values && this.inlinable.get(text) === true) {
          while (end < queue.length && queue[end]!.text === text) end += 1;
        }
        this.script.push(
          end - i > 1 && values
            ? multiRowInsert(values, queue.slice(i, end))
            : this.executable(text, literals),
        );
        i = end;
      }
    }
    this.queues.clear();
  }

  /** The statement as plain SQL: itself, or EXECUTE of its prepared text (PREPAREd first). */
  private executable(text: string, literals: string[] | undefined): string {
    if (!literals) return text;
    let name = this.prepared.get(text);
    if (!name) {
      preparedCount += 1;
      name = `rebuild_stmt_${preparedCount}`;
      this.prepared.set(text, name);
      this.script.push(`PREPARE ${name} AS ${text}`);
    }
    return literals.length > 0 ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
  }

  /** Sends everything queued and waits until the server has run it. */
  async flush(): Promise<void> {
    await this.send();
    await this.settle();
  }

  /**
   * Sends everything queued without waiting for it to run, so the next script is built while
   * the server works; the script sent before must have succeeded first. Statements still run
   * one after the other on the transaction's connection, in the order they were queued.
   */
  private async send(): Promise<void> {
    this.sendQueues();
    this.added = 0;
    if (this.script.length === 0) return;
    await this.settle();
    const script = this.script.join(';\n');
    this.script = [];
    this.scriptHasBarrier = false;
    // No parameters: pg uses the simple query protocol, which accepts several statements. The
    // promise never rejects (no unhandled rejection if the caller gives up): settle() throws.
    this.running = this.target.query(script).then(
      () => undefined,
      (error: unknown) => {
        this.failure ??= new BatchFlushError(error);
      },
    );
  }

  /** Waits for the script in flight; throws if it (or an earlier one) failed. */
  private async settle(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    await running;
    if (this.failure) throw this.failure;
  }

  /** Flushes and releases the prepared statements (they belong to the pooled connection). */
  async finish(): Promise<void> {
    this.sendQueues();
    for (const name of this.prepared.values()) this.script.push(`DEALLOCATE ${name}`);
    this.prepared.clear();
    await this.flush();
  }
}

/** `$1…$arity` as SQL literals, serialised now as the driver would have when it was sent. */
function literalsOf(text: string, params: readonly unknown[] | undefined): string[] | undefined {
  if (!params || params.length === 0) return undefined;
  const { arity } = templateOf(text);
  if (arity > params.length) {
    throw new RangeError(`Statement uses $${arity} but has ${params.length} parameters`);
  }
  return params.slice(0, arity).map(toLiteral);
}

function multiRowInsert(values: InsertValues, rows: readonly Queued[]): string {
  const tuples = rows.map(
    ({ literals }) => `(${values.items.map((i) => literals![i]).join(', ')})`,
  );
  return `${values.head}${tuples.join(', ')}${values.tail}`;
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
