import { randomUUID } from 'node:crypto';
import type { EventStore, LogPosition, NewEvent, RecordedEvent } from '../event-store';
import { comparePositions } from '../event-store';
import type { EventStoreFixture } from './store-suite';
import { eventually } from './eventually';
import { describeWithStore } from './store-suite';

/**
 * The port's look-ups for operators, proven against every adapter beside the main suite
 * (`describeEventStoreConformance`): by request id, by idempotency key id, by printed global position, and counts.
 * They answer audits and time travel, so a wrong answer is a wrong account of the past.
 * Counts are checked exactly: nothing else may write to the store while this suite runs.
 */
export function describeLookupConformance(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  options: { skipReason?: string } = {},
): void {
  const title = `${name} answers the EventStore port's look-ups`;
  describeWithStore(title, factory, options.skipReason, ({ fixture, streamName }) => {
    let store: EventStore;
    beforeAll(() => {
      store = fixture().store;
    });

    it('readByRequestId gives every event of one request, across streams, in readAll order', async () => {
      const [request, other] = [randomUUID(), randomUUID()];
      const [a, b] = [streamName('request-a'), streamName('request-b')];
      const start = await store.headPosition();
      await store.appendToStream(a, [event(request), event(other), event(request)], {
        expectedVersion: 'no_stream',
      });
      await store.appendToStream(b, [event(request), event(undefined)], {
        expectedVersion: 'no_stream',
      });
      await store.appendToStream(a, [event(request)], { expectedVersion: 2 });

      const all = await readAllUntil(store, start, [a, b], 6);
      const expected = all.filter((e) => e.metadata.requestId === request);
      expect(expected).toHaveLength(4);
      const found = await store.readByRequestId(request);
      expect(found.map((e) => [e.id, e.streamName, e.streamVersion])).toEqual(
        expected.map((e) => [e.id, e.streamName, e.streamVersion]),
      );
      // The same events as every other read hands out, data and positions included.
      expect(found).toEqual(expected);
      expect((await store.readByRequestId(other)).map((e) => e.streamName)).toEqual([a]);
      expect(await store.readByRequestId(randomUUID())).toEqual([]);
    });

    it('readByIdempotencyKeyId gives every event one idempotent request wrote, across streams, in readAll order', async () => {
      const [keyId, other] = [randomUUID(), randomUUID()];
      const [a, b] = [streamName('idempotent-a'), streamName('idempotent-b')];
      const start = await store.headPosition();
      await store.appendToStream(a, [keyed(keyId), keyed(other), event()], {
        expectedVersion: 'no_stream',
      });
      await store.appendToStream(b, [keyed(keyId)], { expectedVersion: 'no_stream' });

      const all = await readAllUntil(store, start, [a, b], 4);
      const expected = all.filter((e) => e.metadata.idempotencyKeyId === keyId);
      expect(expected).toHaveLength(2);
      expect(await store.readByIdempotencyKeyId(keyId)).toEqual(expected);
      expect((await store.readByIdempotencyKeyId(other)).map((e) => e.streamVersion)).toEqual([1]);
      // A request id is not an idempotency key id, nor the other way round.
      expect(await store.readByIdempotencyKeyId(randomUUID())).toEqual([]);
    });

    /** Three events in two new streams (two, then one): the head before them, and them. */
    async function appendThree(label: string) {
      const start = await store.headPosition();
      const [a, b] = [streamName(`${label}-a`), streamName(`${label}-b`)];
      await store.appendToStream(a, [event(), event()], { expectedVersion: 'no_stream' });
      await store.appendToStream(b, [event()], { expectedVersion: 'no_stream' });
      return { start, ours: await readAllUntil(store, start, [a, b], 3) };
    }

    it('positionOf resolves the global position printed for an event to its log position', async () => {
      const { ours } = await appendThree('position');
      for (const recorded of ours) {
        const resolved = await store.positionOf(recorded.position.prepare);
        expect(resolved).toEqual(recorded.position);
        // Where a reader of "everything after this event" starts: the next event, not this one.
        const [next] = await store.readAll({ after: resolved!, limit: 1 });
        expect(next?.id).not.toBe(recorded.id);
      }
      const head = await store.headPosition();
      expect(await store.positionOf(head.prepare + 1_000_000)).toBeUndefined();
    });

    it('countEvents counts what readAll hands out after a position, or in the whole log', async () => {
      const { start, ours } = await appendThree('count');
      expect(await store.countEvents({ after: start })).toBe(3);
      expect(await store.countEvents({ after: ours[0]!.position })).toBe(2);
      expect(await store.countEvents({ after: ours[2]!.position })).toBe(0);
      const whole = await store.countEvents();
      expect(whole).toBeGreaterThanOrEqual(3);
      expect(whole).toBe(await store.countEvents({ after: { commit: 0, prepare: 0 } }));
    });
  });
}

function event(requestId?: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'LookupTested',
    data: { note: 'look-up' },
    metadata: {
      actor: { kind: 'system', id: 'conformance' },
      ...(requestId === undefined ? {} : { requestId }),
    },
  };
}

function keyed(idempotencyKeyId: string): NewEvent {
  const base = event(randomUUID());
  return { ...base, metadata: { ...base.metadata, idempotencyKeyId } };
}

/** The `count` events of `streams` after `after`, once readers can see them all. */
async function readAllUntil(
  store: EventStore,
  after: LogPosition,
  streams: readonly string[],
  count: number,
): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await eventually(async () => {
    const page = await store.readAll({ after, limit: 10_000 });
    events = page.filter((e) => streams.includes(e.streamName));
    return events.length >= count;
  });
  for (let i = 1; i < events.length; i += 1) {
    expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBeLessThan(0);
  }
  expect(events).toHaveLength(count);
  return events;
}
