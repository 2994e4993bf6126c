import type { Database } from '../db';
import type { EventMetadata, RecordedEvent } from '../event-store';
import type { Projection } from '../projections';

/**
 * One harness for projection tests, read as "given these events, then these rows": `recorded`
 * makes events as the store returns them (ids and positions counted per harness), `given`
 * applies them as the runner does — only the types the projection handles, every statement in
 * log order, in one transaction. `db` is asked for when events are given, so the harness can
 * be made before the test database is.
 */
export function projectionSpec(projection: Projection, db: () => Database) {
  let position = 0;
  return {
    recorded(
      type: string,
      data: unknown,
      options: { metadata?: EventMetadata; streamVersion?: number; recordedAt?: Date } = {},
    ): RecordedEvent {
      position += 1;
      return {
        id: `00000000-0000-4000-9000-${String(position).padStart(12, '0')}`,
        type,
        data,
        metadata: options.metadata ?? {},
        schemaVersion: 1,
        streamName: 'test',
        streamVersion: options.streamVersion ?? 0,
        position: { commit: position, prepare: position },
        recordedAt: options.recordedAt ?? new Date(),
      };
    },
    async given(...events: readonly RecordedEvent[]): Promise<void> {
      const handled = new Set(projection.handles);
      await db().transaction(async (tx) => {
        for (const event of events) {
          if (!handled.has(event.type)) continue;
          for (const statement of (await projection.apply(event, tx)) ?? []) {
            await tx.query(statement.text, statement.params);
          }
        }
      });
    },
  };
}
