import type { EventBeforePosition, RecordedEvent, StreamAppend } from '../event-store';
import { eventsBeforePosition } from '../event-store';

// The events a projection sees when its statements are built before the append
// (`InlineProjector.prepare`), and what tells that it needed the append after all.

/**
 * What a projection asked for that only the append tells: a transaction to read in, or an
 * event's position or time. The write is then applied after the append (`applyAndCommit`), and
 * so are later writes of the event type, which is remembered.
 */
export class KnownOnlyAfterTheAppend extends Error {
  eventType: string | undefined;
}

/**
 * An event of an append not made yet: all a reader would get back but its position and time,
 * which only the append tells (reading either throws KnownOnlyAfterTheAppend).
 */
class EventBeforeAppend implements RecordedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: RecordedEvent['metadata'];
  readonly schemaVersion: number;
  readonly streamName: string;
  readonly streamVersion: number;

  constructor(event: EventBeforePosition) {
    ({
      id: this.id,
      type: this.type,
      data: this.data,
      metadata: this.metadata,
      schemaVersion: this.schemaVersion,
      streamName: this.streamName,
      streamVersion: this.streamVersion,
    } = event);
  }

  get position(): never {
    throw new KnownOnlyAfterTheAppend('An event not appended yet has no position');
  }

  get recordedAt(): never {
    throw new KnownOnlyAfterTheAppend('An event not appended yet has no time');
  }
}

/** The events of `appends` before they are made; undefined when their versions are not known. */
export function eventsBeforeAppend(appends: readonly StreamAppend[]): RecordedEvent[] | undefined {
  const events: RecordedEvent[] = [];
  for (const append of appends) {
    const { expectedVersion } = append;
    if (expectedVersion !== 'no_stream' && typeof expectedVersion !== 'number') return undefined;
    const firstVersion = expectedVersion === 'no_stream' ? 0 : expectedVersion + 1;
    for (const event of eventsBeforePosition(append, firstVersion)) {
      events.push(new EventBeforeAppend(event));
    }
  }
  return events;
}

/** `error` if it is a KnownOnlyAfterTheAppend, now naming the type of `event` it was met on. */
export function knownOnlyAfterTheAppend(
  error: unknown,
  event: RecordedEvent,
): KnownOnlyAfterTheAppend | undefined {
  if (!(error instanceof KnownOnlyAfterTheAppend)) return undefined;
  error.eventType ??= event.type;
  return error;
}
