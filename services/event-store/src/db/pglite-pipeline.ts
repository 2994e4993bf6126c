import type { PGlite } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { PipelineFailure, PipelineRead, PipelinedStatement } from './database';
// pg's serialiser of parameter values: the statements are written for pg, and mean the same here.
import { prepareValue } from './pg-pipeline';

/** What `execProtocol` answers, as far as a pipeline looks at it. */
interface BackendMessage {
  name: string;
  fields?: unknown[];
}

interface RowField {
  name: string;
  dataTypeID: number;
}

/**
 * Runs `statements` in PGlite as one protocol message (Parse, Bind, Describe and Execute for
 * each, one Sync at the end), inside the transaction the caller holds: `execProtocol` does not
 * wait on the lock its transaction holds. `query()` costs six protocol calls per statement
 * (parse, describe, sync, then bind, describe, execute and sync), and PGlite's JavaScript
 * around each costs more than the WebAssembly Postgres inside: a write of three statements in
 * one message ran twice as many transactions a second. A failed statement stops the rest, as on
 * a server: Postgres skips to the Sync, and the transaction is aborted.
 */
export async function runPglitePipeline(
  db: PGlite,
  statements: readonly PipelinedStatement[],
  read: PipelineRead | undefined,
): Promise<PipelineFailure | undefined> {
  const parts: Buffer[] = [];
  // A value the driver cannot send (a circular object) fails its statement after those before
  // it ran, and the transaction goes on, as on a server where it is never written.
  let unsendable: PipelineFailure | undefined;
  for (const [index, { text, params = [] }] of statements.entries()) {
    let values;
    try {
      values = params.map((value) => prepareValue(value));
    } catch (error) {
      unsendable = { index, error };
      break;
    }
    parts.push(
      serialize.parse({ text, types: [] }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    );
  }
  if (parts.length === 0) return unsendable;
  parts.push(serialize.sync());
  const { messages } = await db.execProtocol(Buffer.concat(parts), {
    syncToFs: false,
    throwOnError: false,
  });
  return outcomeOf(messages, read, db) ?? unsendable;
}

/**
 * The failure in `messages`, if any, with the index of its statement (the statements that
 * completed before it); the rows of the statement `read` names go to its `onRows`, parsed
 * by PGlite's own type parsers as `query()` would.
 */
function outcomeOf(
  messages: readonly BackendMessage[],
  read: PipelineRead | undefined,
  db: PGlite,
): PipelineFailure | undefined {
  let index = 0;
  let fields: RowField[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name === 'error') return { index, error: message };
    if (message.name === 'commandComplete' || message.name === 'emptyQuery') index += 1;
    if (index !== read?.index) continue;
    if (message.name === 'rowDescription') fields = message.fields as RowField[];
    if (message.name === 'dataRow') {
      const values = message.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      for (const [i, { name, dataTypeID }] of fields.entries()) {
        const value = values[i] ?? null;
        row[name] = value === null ? null : types.parseType(value, dataTypeID, db.parsers);
      }
      rows.push(row);
    }
  }
  read?.onRows(rows);
  return undefined;
}
