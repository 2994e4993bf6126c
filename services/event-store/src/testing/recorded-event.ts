import type { RecordedEvent } from '../event-store';

/**
 * An event as a read of the log gives it, for tests of code that reads the log (upcasting,
 * exports, projections): its type and data, and the first event of stream `test` in every
 * field the test does not name.
 */
export function recordedEvent(
  event: Pick<RecordedEvent, 'type' | 'data'> & Partial<RecordedEvent>,
): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    metadata: {},
    schemaVersion: 1,
    streamName: 'test',
    streamVersion: 0,
    position: { commit: 1, prepare: 1 },
    recordedAt: new Date(0),
    ...event,
  };
}
