import type { PGlite } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { PipelineFailure, PipelinedStatement } from './database';
// pg's serialiser of parameter values: the statements are written for pg, and mean the same here.
import { prepareValue } from './pg-pipeline';

/** What `execProtocol` answers, as far as a pipeline looks at it. */
interface BackendMessage {
  name: string;
  fields?: unknown[];
  text?: string;
}

interface RowField {
  name: string;
  dataTypeID: number;
}

/** What a run of statements answers: the failure, if any, and what the statement read gave. */
export interface PgliteOutcome {
  failure: PipelineFailure | undefined;
  read?: PgliteRows;
}

/** A read statement's answer. */
export interface PgliteRows {
  rows: Record<string, unknown>[];
  /** Its count (rows inserted, updated, deleted or returned). */
  rowCount: number;
  /** Its command tag ("COMMIT", or "ROLLBACK" when it ended an aborted transaction). */
  tag: string | undefined;
}

/**
 * The statements prepared under a name (`PipelinedStatement.name`) in one PGlite database, by
 * name, with their text: later runs bind them without a Parse, and Postgres neither parses nor
 * plans them again (as on a server's connection, `pg-pipeline.ts`; names take the same
 * `named_` prefix).
 */
export type PreparedStatements = Map<string, string>;

/**
 * Runs `statements` in PGlite as one protocol message (Parse, Bind and Execute for each, one
 * Sync at the end). `execProtocol` takes none of PGlite's locks: the caller holds the database
 * (`PgliteDatabase` holds PGlite's transaction lock). PGlite's `query()` costs six protocol
 * calls per statement (parse, describe, sync, then bind, describe, execute and sync), and
 * PGlite's JavaScript around each costs more than the WebAssembly Postgres inside: a write of
 * three statements in one message ran twice as many transactions a second. A named statement
 * is parsed once (`prepared`), and only the statement read is described. A failed statement
 * stops the rest, as on a server: Postgres skips to the Sync, and a transaction is aborted.
 * The rows of the statement at `read` are parsed by PGlite's own type parsers, as `query()`
 * would parse them. A statement whose values cannot be serialised fails after those before it
 * ran, or, with `wholeOrNothing`, before anything is sent.
 */
export async function runPgliteStatements(
  db: PGlite,
  prepared: PreparedStatements,
  statements: readonly PipelinedStatement[],
  read?: number,
  wholeOrNothing = false,
): Promise<PgliteOutcome> {
  const parts: Buffer[] = [];
  /** The name of each Parse sent, in order (undefined: unnamed). */
  const parses: (string | undefined)[] = [];
  /** The names this run parses, with their text. */
  const parsing = new Map<string, string>();
  // A value the driver cannot send (a circular object), or a name that stands for another
  // text, fails its statement after those before it ran, and a transaction goes on, as on a
  // server where it is never written.
  let unsendable: PipelineFailure | undefined;
  for (const [index, { text, params = [], name }] of statements.entries()) {
    let values;
    let known: string | undefined;
    try {
      if (name !== undefined) {
        known = prepared.get(name) ?? parsing.get(name);
        if (known !== undefined && known !== text) {
          throw new RangeError(`The statement name '${name}' stands for another text`);
        }
      }
      values = params.map((value) => prepareValue(value));
    } catch (error) {
      unsendable = { index, error };
      break;
    }
    const statement = name === undefined ? '' : `named_${name}`;
    if (known === undefined) {
      parts.push(serialize.parse({ name: statement, text, types: [] }));
      parses.push(name);
      if (name !== undefined) parsing.set(name, text);
    }
    parts.push(serialize.bind({ statement, values }));
    // Only the statement read is described: its rows come with their types.
    if (index === read) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}));
  }
  if (parts.length === 0 || (unsendable && wholeOrNothing)) {
    return { failure: unsendable };
  }
  parts.push(serialize.sync());
  const { messages } = await db.execProtocol(Buffer.concat(parts), {
    syncToFs: false,
    throwOnError: false,
  });
  // Each ParseComplete answers the next Parse sent: those named exist from now on.
  let parsed = 0;
  for (const { name: kind } of messages) {
    if (kind !== 'parseComplete') continue;
    const name = parses[parsed++];
    if (name !== undefined) prepared.set(name, parsing.get(name)!);
  }
  const outcome = outcomeOf(messages, read, db);
  outcome.failure ??= unsendable;
  return outcome;
}

/**
 * The failure in `messages`, if any, with the index of its statement (the statements that
 * completed before it), and the rows, count and tag of the statement at `read`.
 */
function outcomeOf(
  messages: readonly BackendMessage[],
  read: number | undefined,
  db: PGlite,
): PgliteOutcome {
  let index = 0;
  let fields: RowField[] = [];
  const rows: Record<string, unknown>[] = [];
  let tag = '';
  for (const message of messages) {
    if (message.name === 'error') return { failure: { index, error: message } };
    if (index === read) {
      if (message.name === 'rowDescription') fields = message.fields as RowField[];
      if (message.name === 'dataRow') rows.push(rowOf(message.fields as (string | null)[]));
      if (message.name === 'commandComplete') tag = message.text ?? '';
    }
    if (message.name === 'commandComplete' || message.name === 'emptyQuery') index += 1;
  }
  if (read === undefined) return { failure: undefined };
  return {
    failure: undefined,
    read: { rows, rowCount: countOf(tag, rows.length), tag: tag || undefined },
  };

  function rowOf(values: readonly (string | null)[]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const [i, { name, dataTypeID }] of fields.entries()) {
      const value = values[i] ?? null;
      row[name] = value === null ? null : types.parseType(value, dataTypeID, db.parsers);
    }
    return row;
  }
}

/** The count a command tag ends with ("INSERT 0 3", "UPDATE 2", "SELECT 5"), as pg reads it. */
function countOf(tag: string, rows: number): number {
  const count = /^[A-Za-z]+(?: \d+)? (\d+)$/.exec(tag)?.[1];
  return count === undefined ? rows : Number(count);
}
