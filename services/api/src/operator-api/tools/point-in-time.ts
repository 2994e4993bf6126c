import { ApiError } from '@brand-api/contracts';
import { comparePositions } from '@brand-api/event-store';
import type { EventStore, LogPosition, RecordedEvent } from '@brand-api/event-store';
import { occurredAtOf } from './history';

/** A moment of the log: after the event at a global position, or at a wall-clock time. */
export type PointInTime =
  | { kind: 'position'; globalPosition: number; position: LogPosition }
  | { kind: 'time'; time: Date };

/** The last instant of year 9999 (with the largest offset, ±15:59, it is still in 9999 UTC). */
const latestInstant = Date.parse('9999-12-31T23:59:59.999-15:59');

function invalid(field: string, message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', {
    message: `${field.slice(1)} ${message}`,
    details: [{ location: 'query', field, message }],
  });
}

/**
 * `1234` (a global position, as history and export print them) or an ISO 8601 time. A global
 * position is resolved to its place in the log's commit order, which is the order readers see.
 */
export async function parsePointInTime(
  store: EventStore,
  raw: string,
  field: string,
): Promise<PointInTime> {
  if (/^\d+$/.test(raw)) {
    const globalPosition = Number(raw);
    // Positions are int8 in the log but stay far below 2^53: a larger one names no event, and
    // one past int8 would fail the query.
    if (!Number.isSafeInteger(globalPosition)) {
      throw invalid(field, `must be a global position from 0 to ${Number.MAX_SAFE_INTEGER}`);
    }
    if (globalPosition === 0) {
      return { kind: 'position', globalPosition, position: { commit: 0, prepare: 0 } };
    }
    const position = await store.positionOf(globalPosition);
    if (!position) throw invalid(field, `no event has global position ${raw}`);
    return { kind: 'position', globalPosition, position };
  }
  const time = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(time.getTime())) {
    throw invalid(field, 'must be a global position (an integer) or an ISO 8601 time');
  }
  if (raw.startsWith('0000') || time.getTime() > latestInstant) {
    throw invalid(field, 'must be a time from year 0001 to 9999');
  }
  return { kind: 'time', time };
}

/** True when the event had happened at that point. */
export function happenedBy(event: RecordedEvent, point: PointInTime): boolean {
  return point.kind === 'position'
    ? comparePositions(event.position, point.position) <= 0
    : Date.parse(occurredAtOf(event)) <= point.time.getTime();
}

export function describePoint(point: PointInTime): { position: number } | { time: string } {
  return point.kind === 'position'
    ? { position: point.globalPosition }
    : { time: point.time.toISOString() };
}
