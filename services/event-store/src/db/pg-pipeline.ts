import type pg from 'pg';
import type { PipelineFailure, PipelinedStatement } from './database';

// The driver's own serialiser of parameter values (dates, arrays, JSON, buffers), as pg-cursor
// uses it: a value is sent exactly as `client.query` would send it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as {
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

  constructor(
    private readonly statements: readonly Serialised[],
    private readonly done: (failure: PipelineFailure | undefined) => void,
  ) {}

  submit(connection: pg.Connection): void {
    const counts = new Map<string, number>();
    for (const { text } of this.statements) counts.set(text, (counts.get(text) ?? 0) + 1);
    const names = new Map<string, string>();
    const toClose = leftovers.get(connection) ?? [];
    leftovers.delete(connection);
    connection.stream.cork();
    try {
      for (const name of toClose) connection.close({ type: 'S', name }, true);
      for (const { text, values } of this.statements) {
        let name = names.get(text) ?? '';
        if (!names.has(text)) {
          if (counts.get(text)! > 1) {
            statementCount += 1;
            name = `pipeline_${statementCount}`;
            names.set(text, name);
          }
          connection.parse({ name, text, types: [] }, true);
        }
        connection.bind({ statement: name, values }, true);
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

  handleCommandComplete(): void {
    this.answered += 1;
  }

  handleEmptyQuery(): void {
    this.answered += 1;
  }

  handleError(error: unknown): void {
    if (this.connection && this.names.length > 0) {
      leftovers.set(this.connection, [...(leftovers.get(this.connection) ?? []), ...this.names]);
    }
    // Only a statement can fail: the Close messages after the last one cannot.
    const index = Math.min(this.answered, this.statements.length - 1);
    this.settle({ index, error });
  }

  handleReadyForQuery(): void {
    this.settle(undefined);
  }

  /** A COPY has no data to read here: refuse it, and its statement fails. */
  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail(
      'COPY FROM STDIN cannot run in a pipeline',
    );
  }

  // Answers read for their count only (no Describe was sent: rows come without a description).
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  private settle(failure: PipelineFailure | undefined): void {
    if (this.settled) return;
    this.settled = true;
    this.done(failure);
  }
}

/** Runs `statements` on `client` as one pipeline (see Pipeline); resolves with the first failure. */
export async function runPipeline(
  client: pg.ClientBase,
  statements: readonly PipelinedStatement[],
): Promise<PipelineFailure | undefined> {
  // Values are serialised before anything is written: one the driver cannot send (a circular
  // object) fails its own statement, after those before it have run.
  const serialised: Serialised[] = [];
  let unsendable: PipelineFailure | undefined;
  for (const [index, { text, params }] of statements.entries()) {
    try {
      serialised.push({ text, values: (params ?? []).map((value) => prepareValue(value)) });
    } catch (error) {
      unsendable = { index, error };
      break;
    }
  }
  if (serialised.length === 0) return unsendable;
  const failure = await new Promise<PipelineFailure | undefined>((resolve) => {
    client.query(new Pipeline(serialised, resolve));
  });
  return failure ?? unsendable;
}
