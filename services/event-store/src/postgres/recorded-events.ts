import type { EventMetadata, RecordedEvent, StreamAppend } from '../event-store';
import type { AppendedStream } from './append-streams-sql';

/** The columns of `events` a read selects, named as `EventRow` has them. */
export const selectColumns = `event_id, type, data, metadata, schema_version, stream_name, stream_version,
  transaction_id::text::bigint AS commit, global_position, recorded_at`;

/** One row of `events`, as `selectColumns` reads it. */
export interface EventRow {
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

export function toRecordedEvent(row: EventRow): RecordedEvent {
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

/** The events of an append as a reader would get them back, without reading them. */
export function recordedEventsOf(
  appends: readonly StreamAppend[],
  appended: readonly AppendedStream[],
): RecordedEvent[] {
  return appends.flatMap((append, s) => {
    const result = appended[s]!;
    const firstVersion = result.nextExpectedVersion - append.events.length + 1;
    return append.events.map((event, e) => ({
      id: result.eventIds[e]!,
      type: event.type,
      data: event.data ?? null,
      metadata: event.metadata ?? {},
      schemaVersion: event.schemaVersion ?? 1,
      streamName: append.streamName,
      streamVersion: firstVersion + e,
      position: { commit: result.position.commit, prepare: result.globalPositions[e]! },
      recordedAt: result.recordedAt,
    }));
  });
}
