import type { Queryable } from '../db';
import type { EventMetadata, LogPosition, ReadAllOptions, RecordedEvent } from '../event-store';
import { startOfLog } from '../event-store';

/** The columns of `events` a read selects, named as `EventRow` has them. */
const selectColumns = `event_id, type, data, metadata, schema_version, stream_name, stream_version,
  transaction_id::text::bigint AS commit, global_position, recorded_at`;

/** One row of `events`, as `selectColumns` reads it. */
interface EventRow {
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  schema_version: number;
  stream_name: string;
  stream_version: number;
  commit: number;
  global_position: number;
  recorded_at: Date;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    schemaVersion: row.schema_version,
    streamName: row.stream_name,
    streamVersion: row.stream_version,
    position: { commit: row.commit, prepare: row.global_position },
    recordedAt: row.recorded_at,
  };
}

/**
 * Only transactions older than every running one: nothing can commit before them any more, so
 * a reader of the log in order (readAll, headPosition) never passes over an event that commits
 * later at an earlier position.
 */
const visibleToReaders = `transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

export async function readStreams(
  db: Queryable,
  streamNames: readonly string[],
  options: { fromVersions?: ReadonlyMap<string, number> },
): Promise<Map<string, RecordedEvent[]>> {
  const streams = new Map<string, RecordedEvent[]>(streamNames.map((name) => [name, []]));
  if (streams.size === 0) return streams;
  const names = [...streams.keys()];
  const from = names.map((name) => options.fromVersions?.get(name) ?? 0);
  // One index range scan per stream, whatever the statistics say: LATERAL makes it a nested
  // loop over the names, and each name matches one stream. As a join or as
  // `stream_name = ANY($1)`, the planner sized the streams from statistics that lag a fast
  // growing log (no ANALYZE yet, or one made when the log was small) and chose a sequential
  // scan of the whole log for every load, growing with the log: a create's read of its
  // store-id claim took up to 2 ms, a bulk call's read of 100 claims 27-37 ms (auto_explain,
  // 50 connections, a fresh database), and a named statement kept such a plan until the next
  // ANALYZE. The nested loop has the same plan generic or custom, so it is prepared.
  const { rows } = await db.query<EventRow>(
    `SELECT e.* FROM unnest($1::text[], $2::integer[]) AS wanted (name, from_version)
     CROSS JOIN LATERAL (
       SELECT ${selectColumns} FROM events
       WHERE stream_name = wanted.name AND stream_version >= wanted.from_version
       ORDER BY stream_version
     ) e
     ORDER BY e.stream_name, e.stream_version`,
    [names, from],
    { name: 'event_store_read_streams' },
  );
  for (const row of rows) streams.get(row.stream_name)?.push(toRecordedEvent(row));
  return streams;
}

export async function readStream(
  db: Queryable,
  streamName: string,
  options: { fromVersion?: number },
): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${selectColumns} FROM events
     WHERE stream_name = $1 AND stream_version >= $2 ORDER BY stream_version`,
    [streamName, options.fromVersion ?? 0],
    { name: 'event_store_read_stream' },
  );
  return rows.map(toRecordedEvent);
}

export async function readAll(db: Queryable, options: ReadAllOptions): Promise<RecordedEvent[]> {
  const after = options.after ?? startOfLog;
  const visible = options.noAppendInFlight === true ? 'true' : visibleToReaders;
  const { rows } = await db.query<EventRow>(
    `SELECT ${selectColumns} FROM events
     WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
       AND ${visible}
     ORDER BY transaction_id, global_position
     LIMIT $3`,
    [after.commit, after.prepare, options.limit ?? 1000],
    {
      name:
        options.noAppendInFlight === true ? 'event_store_read_all_settled' : 'event_store_read_all',
    },
  );
  return rows.map(toRecordedEvent);
}

export async function headPosition(db: Queryable): Promise<LogPosition> {
  const { rows } = await db.query<{ commit: number; prepare: number }>(
    `SELECT transaction_id::text::bigint AS commit, global_position AS prepare FROM events
     WHERE ${visibleToReaders}
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  return rows[0] ?? startOfLog;
}

/** Not filtered on visibility: the caller asks after the request's transactions committed. */
export function readByRequestId(db: Queryable, requestId: string): Promise<RecordedEvent[]> {
  // The expression matches the index `events_request_id_idx` (migrations.ts) exactly.
  return readByMetadata(db, 'requestId', requestId, 'event_store_read_by_request_id');
}

/** Not filtered on visibility, as `readByRequestId`. */
export function readByIdempotencyKeyId(
  db: Queryable,
  idempotencyKeyId: string,
): Promise<RecordedEvent[]> {
  // Matches the partial index `events_idempotency_key_id_idx` (migrations.ts): `=` on the
  // expression implies its IS NOT NULL predicate.
  return readByMetadata(
    db,
    'idempotencyKeyId',
    idempotencyKeyId,
    'event_store_read_by_idempotency_key_id',
  );
}

/** The events whose metadata `key` is `value`, in readAll order; `name` names the statement. */
async function readByMetadata(
  db: Queryable,
  key: 'requestId' | 'idempotencyKeyId',
  value: string,
  name: string,
): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${selectColumns} FROM events WHERE metadata->>'${key}' = $1
     ORDER BY transaction_id, global_position`,
    [value],
    { name },
  );
  return rows.map(toRecordedEvent);
}

export async function positionOf(
  db: Queryable,
  globalPosition: number,
): Promise<LogPosition | undefined> {
  const { rows } = await db.query<{ commit: number }>(
    `SELECT transaction_id::text::bigint AS commit FROM events WHERE global_position = $1`,
    [globalPosition],
  );
  const commit = rows[0]?.commit;
  return commit === undefined ? undefined : { commit, prepare: globalPosition };
}

export async function countEvents(
  db: Queryable,
  options: { after?: LogPosition },
): Promise<number> {
  const after = options.after ?? startOfLog;
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::bigint AS count FROM events
     WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
    [after.commit, after.prepare],
  );
  return rows[0]?.count ?? 0;
}

/** The stream's last version, or 'no_stream': what a conflicting append's winner wrote. */
export async function currentVersion(
  db: Queryable,
  streamName: string,
): Promise<number | 'no_stream'> {
  const { rows } = await db.query<{ version: number | null }>(
    'SELECT max(stream_version) AS version FROM events WHERE stream_name = $1',
    [streamName],
  );
  return rows[0]?.version ?? 'no_stream';
}
