import { randomUUID } from 'node:crypto';
import type {
  AppendStreamState,
  CurrentStreamState,
  EventData,
  JSONType,
  Position,
  RecordedEvent as EsdbRecordedEvent,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type {
  ActualVersion,
  EventMetadata,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  RecordedEvent,
} from '../event-store';

/**
 * Pure translations between the port and @kurrent/kurrentdb-client. Revisions and positions are
 * bigints there and numbers here: both stay far below 2^53 in practice, and a value that would
 * not is refused rather than silently rounded.
 */

/** Where our schema version travels: EventStoreDB events have no field for it. */
export const schemaVersionKey = '$schemaVersion';

export function toExpectedRevision(expected: ExpectedVersion): AppendStreamState {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0) {
      throw new RangeError(`Expected version must be a non-negative integer, got ${expected}`);
    }
    return BigInt(expected);
  }
  return expected;
}

export function fromExpectedRevision(expected: AppendStreamState): ExpectedVersion {
  return typeof expected === 'bigint' ? toSafeNumber(expected) : expected;
}

export function toActualVersion(current: CurrentStreamState): ActualVersion {
  return current === 'no_stream' ? 'no_stream' : toSafeNumber(current);
}

export function toLogPosition(position: Position): LogPosition {
  return { commit: toSafeNumber(position.commit), prepare: toSafeNumber(position.prepare) };
}

export function toEsdbPosition(position: LogPosition): Position {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

export function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} exceeds 2^53`);
  return number;
}

/** System streams and events ($-prefixed: stats, settings, projections, links) are not ours. */
export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

export function toEventData(event: NewEvent): EventData {
  return {
    id: event.id ?? randomUUID(),
    contentType: 'application/json',
    type: event.type,
    // The client JSON.stringifies data; any JSON value survives the round trip.
    data: (event.data ?? null) as JSONType,
    metadata: { ...event.metadata, [schemaVersionKey]: event.schemaVersion ?? 1 },
  };
}

/** Our view of a stored event; undefined for system events, links and unresolved records. */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | undefined {
  const event: EsdbRecordedEvent | undefined = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  const position = event.position;
  if (!position)
    throw new Error('EventStoreDB did not return event positions (server older than 22.6)');
  const { [schemaVersionKey]: schemaVersion, ...metadata } = toMetadata(event.metadata);
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    streamName: event.streamId,
    streamVersion: toSafeNumber(event.revision),
    position: toLogPosition(position),
    recordedAt: event.created,
  };
}

function toMetadata(metadata: unknown): EventMetadata {
  return typeof metadata === 'object' &&
    metadata !== null &&
    !Array.isArray(metadata) &&
    !(metadata instanceof Uint8Array)
    ? (metadata as EventMetadata)
    : {};
}
