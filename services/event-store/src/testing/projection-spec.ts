import type { CommandMetadata } from '../commands';
import type { Database } from '../db';
import type { EventShape, RecordedEvent } from '../event-store';
import type { Projection } from '../projections';
import { createInlineProjector, embeddedWriters } from '../projections';

/** What a spec may say of a recorded event; the rest of its metadata is a test command's. */
export interface RecordedOptions {
  metadata?: Partial<CommandMetadata>;
  streamVersion?: number;
  recordedAt?: Date;
}

/** The data of each event type of `Event`, by type. */
export type EventDataByType<Event extends EventShape> = {
  [E in Event as E['type']]: E['data'];
};

/**
 * One harness for projection tests, read as "given these events, then these rows", typed by
 * the events the projection reads (the contracts' `DomainEvent` union): `recorded(type, data)`
 * takes the data of that type only and makes the event as the store returns it, with a
 * command's metadata (ids and positions counted per harness). `given` applies them as the
 * append applies inline projections, through the same `InlineProjector`: only the types the
 * projection handles, statements in log order merged by the statement pipeline, sent in one
 * transaction with its COMMIT. `db` is asked for when events are given, so the harness can be
 * made before the test database is.
 */
export function projectionSpec<Event extends EventShape = EventShape>(
  projection: Projection,
  db: () => Database,
) {
  const projector = createInlineProjector([projection], { writers: embeddedWriters });
  let position = 0;
  return {
    recorded<Type extends keyof EventDataByType<Event> & string>(
      type: Type,
      data: EventDataByType<Event>[Type],
      options: RecordedOptions = {},
    ): RecordedEvent<Extract<Event, { type: Type }>, CommandMetadata> {
      position += 1;
      const recordedAt = options.recordedAt ?? new Date();
      const metadata: CommandMetadata = {
        brandId: '00000000-0000-4000-8000-000000000000',
        actor: { kind: 'system', id: 'projection-spec' },
        requestId: null,
        correlationId: `projection-spec-${position}`,
        causationId: null,
        occurredAt: recordedAt.toISOString(),
        ...options.metadata,
      };
      const event = { type, schemaVersion: 1, data } as Extract<Event, { type: Type }>;
      return {
        ...event,
        id: `00000000-0000-4000-9000-${String(position).padStart(12, '0')}`,
        metadata,
        streamName: 'test',
        streamVersion: options.streamVersion ?? 0,
        position: { commit: position, prepare: position },
        recordedAt,
      };
    },
    async given(...events: readonly RecordedEvent[]): Promise<void> {
      await db().transaction((tx) => projector.applyAndCommit(tx, events));
    },
  };
}
