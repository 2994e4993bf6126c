import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { sqlStateOf, SqlState } from '../db';
import type { AppendResult, ExpectedVersion, NewEvent, StreamAppend } from '../event-store';
import { ConcurrencyError, DuplicateEventIdError } from '../event-store';

/**
 * One statement checks the expected version and inserts the events, so a single-stream append
 * is one round trip (as fast as a raw INSERT). It is prepared once per connection: planning
 * the CTEs costs more than running them. The version check reads the stream's head; two
 * appenders reading the same head both insert version head+1 and the unique constraint rejects
 * the later one (a concurrency conflict, not a bug).
 */
const appendSql = `
WITH head AS MATERIALIZED (
  SELECT coalesce(
    (SELECT stream_version FROM events WHERE stream_name = $1 ORDER BY stream_version DESC LIMIT 1),
    -1
  ) AS version
), allowed AS MATERIALIZED (
  SELECT version FROM head
  WHERE CASE $2::text
    WHEN 'any' THEN true
    WHEN 'no_stream' THEN version = -1
    WHEN 'stream_exists' THEN version >= 0
    ELSE version = $3::integer
  END
), inserted AS (
  INSERT INTO events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
  SELECT $1, allowed.version + e.ordinal, e.type, e.data::jsonb, e.metadata::jsonb, e.schema_version, e.event_id::uuid
  FROM allowed
  CROSS JOIN unnest($4::text[], $5::text[], $6::text[], $7::integer[], $8::text[])
    WITH ORDINALITY AS e(type, data, metadata, schema_version, event_id, ordinal)
  ORDER BY e.ordinal
  RETURNING global_position, stream_version, transaction_id
)
SELECT
  (SELECT version FROM head) AS head_version,
  (SELECT max(stream_version) FROM inserted) AS last_version,
  (SELECT max(global_position) FROM inserted) AS last_position,
  (SELECT transaction_id::text::bigint FROM inserted LIMIT 1) AS commit`;

interface AppendRow {
  head_version: number;
  last_version: number | null;
  last_position: number | null;
  commit: number | null;
}

export function appendParams(append: StreamAppend): unknown[] {
  const { streamName, events, expectedVersion } = append;
  if (events.length === 0) throw new RangeError(`Stream ${streamName}: nothing to append`);
  return [
    streamName,
    typeof expectedVersion === 'number' ? 'version' : expectedVersion,
    typeof expectedVersion === 'number' ? expectedVersion : null,
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data ?? null)),
    events.map((event) => JSON.stringify(event.metadata ?? {})),
    events.map((event) => event.schemaVersion ?? 1),
    events.map((event: NewEvent) => event.id ?? randomUUID()),
  ];
}

/**
 * Appends to one stream inside the caller's transaction (or as one autocommit statement when
 * `queryable` is the database). Exported so code that must write other rows atomically with
 * its events can do so. Throws ConcurrencyError; after a unique-violation the transaction is
 * aborted, so the actual version is then unknown here (the adapter looks it up afterwards).
 */
export async function appendToStreamInTransaction(
  queryable: Queryable,
  append: StreamAppend,
): Promise<AppendResult> {
  const params = appendParams(append);
  let row: AppendRow | undefined;
  try {
    ({
      rows: [row],
    } = await queryable.query<AppendRow>(appendSql, params, { name: 'event_store_append' }));
  } catch (error) {
    throw translateAppendError(error, append.streamName, append.expectedVersion);
  }
  if (!row) throw new Error('append statement returned no row');
  if (row.last_version === null || row.last_position === null || row.commit === null) {
    throw new ConcurrencyError(
      append.streamName,
      append.expectedVersion,
      row.head_version < 0 ? 'no_stream' : row.head_version,
    );
  }
  return {
    nextExpectedVersion: row.last_version,
    position: { commit: row.commit, prepare: row.last_position },
  };
}

export function translateAppendError(
  error: unknown,
  streamName: string,
  expectedVersion: ExpectedVersion,
): unknown {
  if (sqlStateOf(error) !== SqlState.uniqueViolation) return error;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (constraint === 'events_event_id_key') return new DuplicateEventIdError(streamName);
  return new ConcurrencyError(streamName, expectedVersion, undefined);
}
