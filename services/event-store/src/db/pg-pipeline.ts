import type pg from 'pg';
import type { PipelineFailure, PipelinedStatement } from './database';

// The driver's own serialiser of parameter values (dates, arrays, JSON, buffers), as pg-cursor
// uses it: a value is sent exactly as `client.query` would send it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { prepareValue } = require('pg/lib/utils') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/** Statement names are never reused in a process, so a leftover can never collide. */
let statementCount = 0;

/**
 * Names prepared by a pipeline that failed: the server stopped at the failure, so they may
 * still exist. The next pipeline on the connection closes them first (closing a name that
 * does not exist is no error).
 */
const leftovers = new WeakMap<pg.Connection, string[]>();

interface Serialised {
  text: string;
  values: (string | Buffer | null)[];
  name: string | undefined;
}

/**
 * The named statements (`PipelinedStatement.name`) prepared on each connection, by name, with
 * their text. On the server their names take a `named_` prefix: `client.query` prepares names
 * of its own on the same connection, and the two never meet.
 */
const prepared = new WeakMap<pg.Connection, Map<string, string>>();

// The driver's own result builder: it parses the rows of each statement whose rows are read
// with the connection's type parsers, exactly as `client.query` would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Result = require('pg/lib/result') as new (
  rowMode: undefined,
  types: unknown,
) => {
  rows: unknown[];
  rowCount: number | null;
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addCommandComplete(message: { text: string }): void;
};

/** The rows of a statement of a pipeline, when asked for (`runPipeline`'s `read`). */
export interface ReadRows {
  rows: unknown[];
  /** From the statement's command tag, as `client.query` reads it. */
  rowCount: number;
  /** The command tag ("INSERT 0 3", "COMMIT", or "ROLLBACK" when it ended an aborted one). */
  tag: string | undefined;
}

/**
 * Runs statements in order with the extended protocol, the way libpq's pipeline mode does:
 * Parse/Bind/Execute for each, one Sync at the end, all in one write; the server answers
 * once. A text used more than once is parsed once, under a name closed at the end.
 *
 * After an error the server skips everything up to the Sync, so the statements answered
 * before it (each ends with CommandComplete or EmptyQueryResponse) tell which one failed.
 */
class Pipeline implements pg.Submittable {
  private answered = 0;
  private settled = false;
  private connection: pg.Connection | undefined;
  /** The names this pipeline prepares (and closes at its end). */
  private names: string[] = [];
  /** Named statements (`PipelinedStatement.name`) this pipeline parses first, with their index. */
  private kept: { name: string; text: string; index: number }[] = [];

  /** The rows of the statement read (`read.index`), parsed. */
  private readonly read: { index: number; result: InstanceType<typeof Result> } | undefined;
  /** The read statement's command tag, once answered. */
  private readTag: string | undefined;

  constructor(
    private readonly statements: readonly Serialised[],
    private readonly done: (failure: PipelineFailure | undefined) => void,
    /** Which statement's rows are read, parsed with the connection's type parsers. */
    read?: { index: number; types: unknown },
  ) {
    this.read = read && { index: read.index, result: new Result(undefined, read.types) };
  }

  /** The rows of the read statement once the pipeline has run. */
  readRows(): ReadRows {
    const { rows, rowCount } = this.read!.result;
    return { rows, rowCount: rowCount ?? rows.length, tag: this.readTag };
  }

  submit(connection: pg.Connection): void {
    const counts = new Map<string, number>();
    for (const { text } of this.statements) counts.set(text, (counts.get(text) ?? 0) + 1);
    const names = new Map<string, string>();
    const toClose = leftovers.get(connection) ?? [];
    leftovers.delete(connection);
    let parsed = prepared.get(connection);
    if (!parsed) prepared.set(connection, (parsed = new Map<string, string>()));
    connection.stream.cork();
    try {
      for (const name of toClose) connection.close({ type: 'S', name }, true);
      for (const [index, { text, values, name: kept }] of this.statements.entries()) {
        let name = kept === undefined ? (names.get(text) ?? '') : `named_${kept}`;
        if (kept !== undefined) {
          const known = parsed.get(kept) ?? this.kept.find((each) => each.name === kept)?.text;
          // (runPipeline refused a name used for another text before anything was written.)
          if (known === undefined) {
            connection.parse({ name, text, types: [] }, true);
            this.kept.push({ name: kept, text, index });
          }
        } else if (!names.has(text)) {
          if (counts.get(text)! > 1) {
            statementCount += 1;
            name = `pipeline_${statementCount}`;
            names.set(text, name);
          }
          connection.parse({ name, text, types: [] }, true);
        }
        connection.bind({ statement: name, values }, true);
        // Only the statements whose rows are read are described: their rows come with types.
        if (this.read?.index === index) {
          connection.describe({ type: 'P', name: '' }, true);
        }
        connection.execute({ portal: '' }, true);
      }
      for (const name of names.values()) connection.close({ type: 'S', name }, true);
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    this.names = [...names.values()];
    this.connection = connection;
  }

  handleCommandComplete(message: { text: string }): void {
    const read = this.reading();
    if (read) {
      read.addCommandComplete(message);
      this.readTag = message.text;
    }
    this.answered += 1;
  }

  handleEmptyQuery(): void {
    this.answered += 1;
  }

  handleError(error: unknown): void {
    // Only a statement can fail: the Close messages after the last one cannot.
    const index = Math.min(this.answered, this.statements.length - 1);
    // Named statements before the one that failed were parsed; from it on, maybe not: those
    // are closed by the next pipeline, and parsed again when next used.
    const unsure = this.kept
      .filter((each) => each.index >= index)
      .map((each) => `named_${each.name}`);
    this.keep(this.kept.filter((each) => each.index < index));
    if (this.connection && this.names.length + unsure.length > 0) {
      leftovers.set(this.connection, [
        ...(leftovers.get(this.connection) ?? []),
        ...this.names,
        ...unsure,
      ]);
    }
    this.settle({ index, error });
  }

  handleReadyForQuery(): void {
    if (!this.settled) this.keep(this.kept);
    this.settle(undefined);
  }

  /** Notes the named statements that now exist on the connection: later pipelines skip their Parse. */
  private keep(statements: readonly { name: string; text: string }[]): void {
    const parsed = this.connection && prepared.get(this.connection);
    for (const { name, text } of statements) parsed?.set(name, text);
  }

  /** A COPY has no data to read here: refuse it, and its statement fails. */
  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail(
      'COPY FROM STDIN cannot run in a pipeline',
    );
  }

  // Other statements' answers are read for their count only (no Describe was sent for them:
  // their rows come without a description).
  handleRowDescription(message: { fields: unknown[] }): void {
    this.reading()?.addFields(message.fields);
  }
  handleDataRow(message: { fields: unknown[] }): void {
    const read = this.reading();
    if (read) read.rows.push(read.parseRow(message.fields));
  }
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  /** The result being read, when the answers arriving now are the read statement's. */
  private reading(): InstanceType<typeof Result> | undefined {
    return this.read?.index === this.answered ? this.read.result : undefined;
  }

  /**
   * Set by the driver when the pool has a read timeout (`query_timeout`): it wraps the timer's
   * clearing in it, so a pipeline that settles must call it, or the timer outlives it.
   */
  callback: ((error?: unknown) => void) | undefined;

  private settle(failure: PipelineFailure | undefined): void {
    if (this.settled) return;
    this.settled = true;
    this.callback?.(failure?.error);
    this.done(failure);
  }
}

/**
 * Runs `statements` on `client` as one pipeline (see Pipeline); resolves with the first failure.
 * With `read`, the rows of the statement at `read.index` are read too (parsed with
 * `read.types`) and handed to `read.onRows` when nothing failed. A statement whose values the
 * driver cannot serialise fails after those before it ran, or, with `wholeOrNothing`, before
 * anything is sent.
 */
export async function runPipeline(
  client: pg.ClientBase,
  statements: readonly PipelinedStatement[],
  read?: { index: number; types: unknown; onRows: (rows: ReadRows) => void },
  wholeOrNothing = false,
): Promise<PipelineFailure | undefined> {
  // Values are serialised before anything is written: one the driver cannot send (a circular
  // object) fails its own statement, after those before it have run.
  const serialised: Serialised[] = [];
  let unsendable: PipelineFailure | undefined;
  const parsed = prepared.get((client as unknown as { connection: pg.Connection }).connection);
  const named = new Map<string, string>();
  for (const [index, { text, params, name }] of statements.entries()) {
    try {
      if (name !== undefined) {
        const known = parsed?.get(name) ?? named.get(name) ?? text;
        if (known !== text)
          throw new RangeError(`The statement name '${name}' stands for another text`);
        named.set(name, text);
      }
      serialised.push({ text, name, values: (params ?? []).map((value) => prepareValue(value)) });
    } catch (error) {
      unsendable = { index, error };
      break;
    }
  }
  if (serialised.length === 0 || (unsendable && wholeOrNothing)) return unsendable;
  let pipeline: Pipeline | undefined;
  const failure = await new Promise<PipelineFailure | undefined>((resolve) => {
    pipeline = new Pipeline(serialised, resolve, read);
    client.query(pipeline);
  });
  if (!failure && !unsendable && read) read.onRows(pipeline!.readRows());
  return failure ?? unsendable;
}
