import type { PipelinedStatement } from '../db';
import type { StreamAppend } from '../event-store';

/**
 * An append to streams that must not exist yet (every one expecting `no_stream`: a create's
 * new product and the claim of its store id, a bulk call of new products) as a plain INSERT of
 * its events at versions 0, 1, …, with no head to read and no function to call: the unique key
 * on (stream_name, stream_version) refuses a stream that exists, as it refuses the loser of a
 * race in the function's INSERT, and the store then looks its version up (a
 * ConcurrencyError, `translateAppendStreamsError`). The log only grows, so a stream that
 * exists has its version 0. The rows go in stream-name order (the order of the global positions
 * and of the unique-index entries concurrent appenders take), as the function inserts them.
 *
 * What it saves, on the server, is the function's own work for a write that needs none of it:
 * a PL/pgSQL call, a statement reading every head, the check loop and an executor started for
 * the INSERT inside; and on the client, every event's JSON escaped again into an array literal.
 * One prepared statement per event count, up to `newStreamsInsertMaxEvents`; larger appends call
 * the function.
 */
const newStreamsInsertMaxEvents = 256;

/** Appends of more events than this are answered in one row. */
const aggregatedAbove = 8;

const columnsPerEvent = 7;
const texts = new Map<number, string>();

function insertText(events: number): string {
  let text = texts.get(events);
  if (text === undefined) {
    const rows = Array.from({ length: events }, (_, i) => {
      const [name, version, type, data, metadata, schema, id] = Array.from(
        { length: columnsPerEvent },
        (_, column) => `$${i * columnsPerEvent + column + 1}`,
      );
      return `(${name}, ${version}::integer, ${type}, ${data}::jsonb, ${metadata}::jsonb, ${schema}::integer, ${id}::uuid)`;
    });
    const insert = `INSERT INTO events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
VALUES ${rows.join(',\n  ')}`;
    // Many events answer in one row: their positions as one text, and the transaction and the
    // time every row shares (the columns' defaults, pg_current_xact_id() and now()). A row for
    // each, with its time to parse, cost a bulk call of 100 more than the INSERT it answers.
    text =
      events > aggregatedAbove
        ? `WITH inserted AS (${insert}\nRETURNING global_position)
SELECT string_agg(global_position::text, ',' ORDER BY global_position) AS positions,
  pg_current_xact_id()::text::bigint AS commit, now() AS recorded_at
FROM inserted`
        : `${insert}\nRETURNING global_position, transaction_id::text::bigint AS commit, recorded_at`;
    texts.set(events, text);
  }
  return text;
}

/** An inserted event's row, or (more than `aggregatedAbove`) every inserted event's in one. */
interface InsertedRow {
  global_position?: number | string;
  /** The positions, comma-separated in order, of every event (instead of `global_position`). */
  positions?: string;
  commit: number | string;
  recorded_at: Date;
}

/** What the append function answers, from the INSERT's rows (every head -1: none existed). */
export interface NewStreamsRow {
  heads: number[];
  failed: number;
  positions: number[];
  commit: number;
  recorded_at: Date;
}

/**
 * The INSERT for `sorted` (stream-name order, every event with its id), and how to read its
 * rows as the function's answer; undefined when a stream may exist, or the append is larger
 * than `newStreamsInsertMaxEvents`.
 */
export function newStreamsInsert(
  sorted: readonly StreamAppend[],
): { statement: PipelinedStatement; row(rows: unknown[]): NewStreamsRow | undefined } | undefined {
  let events = 0;
  for (const { expectedVersion, events: appended } of sorted) {
    if (expectedVersion !== 'no_stream') return undefined;
    events += appended.length;
  }
  if (events > newStreamsInsertMaxEvents) return undefined;
  const params: unknown[] = [];
  // A command's events share one metadata object (who asked, in which request): its JSON is
  // written once, not once an event (200 times for a bulk call of 100).
  let metadata: unknown;
  let metadataJson = '';
  for (const { streamName, events: appended } of sorted) {
    for (const [version, event] of appended.entries()) {
      if (metadataJson === '' || event.metadata !== metadata) {
        metadata = event.metadata;
        metadataJson = JSON.stringify(event.metadata ?? {});
      }
      params.push(
        streamName,
        version,
        event.type,
        JSON.stringify(event.data ?? null),
        metadataJson,
        event.schemaVersion ?? 1,
        event.id,
      );
    }
  }
  return {
    statement: { text: insertText(events), params, name: `event_store_insert_new_${events}` },
    row(rows) {
      const inserted = rows as InsertedRow[];
      const first = inserted[0];
      if (!first) return undefined;
      return {
        heads: sorted.map(() => -1),
        failed: 0,
        positions:
          first.positions !== undefined
            ? first.positions.split(',').map(Number)
            : inserted.map((row) => Number(row.global_position)).sort((a, b) => a - b),
        commit: Number(first.commit),
        recorded_at: first.recorded_at,
      };
    },
  };
}
