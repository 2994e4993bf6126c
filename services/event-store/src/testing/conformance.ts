import { randomUUID } from 'node:crypto';
import type {
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  RecordedEvent,
  StreamAppend,
} from '../event-store';
import {
  comparePositions,
  ConcurrencyError,
  MultiStreamAppendUnsupportedError,
} from '../event-store';
import { eventually } from './eventually';
import { describeWithStore } from './store-suite';
import type { EventStoreFixture } from './store-suite';

export interface ConformanceOptions {
  /** The adapter appends to several streams atomically (else it must refuse with a typed error). */
  multiStreamAppend: boolean;
  /**
   * Why this run cannot show a naive `global_position > last` reader missing events (no real
   * concurrency, or no global position); undefined when it can, and then it must.
   */
  naiveReaderUnavailable?: string;
  /** Why the whole suite is skipped in this environment. */
  skipReason?: string;
}

const testEvents = (count: number, type = 'ConformanceTested'): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type,
    data: { i, text: `event ${i} "quoted" \\ back-slashed` },
    metadata: { correlationId: randomUUID(), actor: { kind: 'system', id: 'conformance' } },
  }));

/** readAll from `after` until `predicate` holds: events of other writers may be invisible for a moment. */
async function readAllUntil(
  store: EventStore,
  after: LogPosition,
  predicate: (events: RecordedEvent[]) => boolean,
): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await eventually(async () => {
    events = await store.readAll({ after, limit: 10_000 });
    return predicate(events);
  });
  return events;
}

/** One conformance suite for every adapter: the port's promises, proven against a real store. */
export function describeEventStoreConformance(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  options: ConformanceOptions,
): void {
  const title = `${name} conforms to the EventStore port`;
  describeWithStore(title, factory, options.skipReason, ({ fixture, streamName }) => {
    let store: EventStore;
    beforeAll(() => {
      store = fixture().store;
    });

    it('appends events and reads the stream back in version order', async () => {
      const stream = streamName('append');
      const events = testEvents(3);
      events[2]!.schemaVersion = 2;
      const result = await store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(2);

      const read = await store.readStream(stream);
      expect(
        read.map((e) => [e.id, e.type, e.streamName, e.streamVersion, e.schemaVersion]),
      ).toEqual(events.map((e, i) => [e.id, e.type, stream, i, i === 2 ? 2 : 1]));
      expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
      expect(read.map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
      expect(read.every((e) => e.recordedAt instanceof Date)).toBe(true);
      expect(comparePositions(read[2]!.position, result.position)).toBe(0);
      for (let i = 1; i < read.length; i += 1) {
        expect(comparePositions(read[i - 1]!.position, read[i]!.position)).toBeLessThan(0);
      }
      expect((await store.readStream(stream, { fromVersion: 1 })).map((e) => e.id)).toEqual([
        events[1]!.id,
        events[2]!.id,
      ]);
      expect(await store.readStream(streamName('missing'))).toEqual([]);
    });

    it('readStreams reads several whole streams: every name a key, missing ones empty', async () => {
      const [a, b, missing] = [streamName('many-a'), streamName('many-b'), streamName('many-none')];
      const aEvents = testEvents(3);
      const bEvents = testEvents(2);
      await store.appendToStream(a, aEvents.slice(0, 2), { expectedVersion: 'no_stream' });
      await store.appendToStream(b, bEvents, { expectedVersion: 'no_stream' });
      await store.appendToStream(a, aEvents.slice(2), { expectedVersion: 1 });

      const read = await store.readStreams([b, missing, a]);
      expect([...read.keys()].sort()).toEqual([a, b, missing].sort());
      expect(read.get(missing)).toEqual([]);
      expect(read.get(a)!.map((e) => [e.id, e.streamName, e.streamVersion])).toEqual(
        aEvents.map((e, i) => [e.id, a, i]),
      );
      expect(read.get(b)!.map((e) => [e.id, e.streamVersion])).toEqual(
        bEvents.map((e, i) => [e.id, i]),
      );
      // The same events, data, metadata and positions as reading each stream alone.
      expect(read.get(a)).toEqual(await store.readStream(a));
      expect(read.get(b)).toEqual(await store.readStream(b));
      expect((await store.readStreams([])).size).toBe(0);
    });

    it('readStreams starts each stream at its own version when asked', async () => {
      const [a, b, c] = [streamName('from-a'), streamName('from-b'), streamName('from-c')];
      const aEvents = testEvents(4);
      const bEvents = testEvents(2);
      await store.appendToStream(a, aEvents, { expectedVersion: 'no_stream' });
      await store.appendToStream(b, bEvents, { expectedVersion: 'no_stream' });

      const read = await store.readStreams([a, b, c], {
        // a from its third event, b past its end, c (missing) from 5; unnamed streams from 0.
        fromVersions: new Map([
          [a, 2],
          [b, 2],
          [c, 5],
        ]),
      });
      expect(read.get(a)!.map((e) => [e.id, e.streamVersion])).toEqual([
        [aEvents[2]!.id, 2],
        [aEvents[3]!.id, 3],
      ]);
      expect(read.get(a)).toEqual(await store.readStream(a, { fromVersion: 2 }));
      expect(read.get(b)).toEqual([]);
      expect(read.get(c)).toEqual([]);
      const partly = await store.readStreams([a, b], { fromVersions: new Map([[a, 3]]) });
      expect(partly.get(a)!.map((e) => e.id)).toEqual([aEvents[3]!.id]);
      expect(partly.get(b)).toEqual(await store.readStream(b));
    });

    it('refuses an empty append', async () => {
      await expect(
        store.appendToStream(streamName('empty'), [], { expectedVersion: 'any' }),
      ).rejects.toBeInstanceOf(RangeError);
    });

    describe('expected version', () => {
      /** Appends `count` events expecting `expectedVersion`. */
      const append = (stream: string, expectedVersion: ExpectedVersion, count = 1) =>
        store.appendToStream(stream, testEvents(count), { expectedVersion });
      /** What an append of one event expecting `expectedVersion` throws. */
      const refusal = (stream: string, expectedVersion: ExpectedVersion) =>
        append(stream, expectedVersion).catch((e: unknown) => e);

      it("'no_stream' succeeds only on a stream that does not exist", async () => {
        const stream = streamName('no-stream');
        await append(stream, 'no_stream');
        const error = await refusal(stream, 'no_stream');
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({
          streamName: stream,
          expectedVersion: 'no_stream',
          actualVersion: 0,
        });
      });

      it("'stream_exists' succeeds only on a stream that exists", async () => {
        const stream = streamName('exists');
        const error = await refusal(stream, 'stream_exists');
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ actualVersion: 'no_stream' });
        await append(stream, 'no_stream');
        const result = await append(stream, 'stream_exists', 2);
        expect(result.nextExpectedVersion).toBe(2);
      });

      it("'any' appends whether or not the stream exists", async () => {
        const stream = streamName('any');
        await append(stream, 'any');
        const result = await append(stream, 'any');
        expect(result.nextExpectedVersion).toBe(1);
      });

      it('a number must equal the version of the last event', async () => {
        const stream = streamName('number');
        const missing = await refusal(stream, 0);
        expect(missing).toMatchObject({ name: 'ConcurrencyError', actualVersion: 'no_stream' });
        await append(stream, 'no_stream', 2);
        const stale = await refusal(stream, 0);
        expect(stale).toBeInstanceOf(ConcurrencyError);
        expect(stale).toMatchObject({ expectedVersion: 0, actualVersion: 1 });
        const result = await append(stream, 1);
        expect(result.nextExpectedVersion).toBe(2);
        expect(await store.readStream(stream)).toHaveLength(3);
      });
    });

    it.each([
      ['a version number', 0],
      ["'no_stream'", 'no_stream'],
    ] as const)(
      '50 parallel appends expecting %s: exactly one succeeds, 49 get ConcurrencyError',
      async (_label, expectedVersion) => {
        const stream = streamName('race');
        if (expectedVersion === 0) {
          await store.appendToStream(stream, testEvents(1), { expectedVersion: 'no_stream' });
        }
        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, () =>
            store.appendToStream(stream, testEvents(1), { expectedVersion }),
          ),
        );
        const failures = outcomes.filter((o) => o.status === 'rejected');
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(failures).toHaveLength(49);
        for (const failure of failures) {
          expect(failure.reason).toBeInstanceOf(ConcurrencyError);
          expect(failure.reason).toMatchObject({ streamName: stream, expectedVersion });
        }
        expect(await store.readStream(stream)).toHaveLength(expectedVersion === 0 ? 2 : 1);
      },
    );

    it('readAll pages through every stream in global order, `after` exclusive', async () => {
      const start = await store.headPosition();
      const streams = [streamName('all-a'), streamName('all-b'), streamName('all-c')];
      const ids = new Set<string>();
      for (const stream of [...streams, ...streams]) {
        const events = testEvents(2);
        events.forEach((e) => ids.add(e.id!));
        await store.appendToStream(stream, events, { expectedVersion: 'any' });
      }
      const all = await readAllUntil(
        store,
        start,
        (events) => events.filter((e) => ids.has(e.id)).length === ids.size,
      );
      const ours = all.filter((e) => ids.has(e.id));
      expect(ours.map((e) => e.streamName)).toEqual(
        [...streams, ...streams].flatMap((stream) => [stream, stream]),
      );
      for (let i = 1; i < all.length; i += 1) {
        expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
      }

      const paged: RecordedEvent[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, limit: 2 });
        expect(page.length).toBeLessThanOrEqual(2);
        if (page.length === 0 || paged.length >= all.length) break;
        paged.push(...page);
        after = page.at(-1)!.position;
      }
      expect(paged.slice(0, all.length).map((e) => e.id)).toEqual(all.map((e) => e.id));
      const afterFirst = await store.readAll({ after: all[0]!.position, limit: 1 });
      expect(afterFirst[0]?.id).toBe(all[1]!.id);
    });

    it('headPosition reaches the position of the last append', async () => {
      const result = await store.appendToStream(streamName('head'), testEvents(2), {
        expectedVersion: 'no_stream',
      });
      await eventually(
        async () => comparePositions(await store.headPosition(), result.position) >= 0,
      );
    });

    it('onAppended calls its listener after an append, until unsubscribed', async () => {
      let calls = 0;
      const unsubscribe = await store.onAppended(() => (calls += 1));
      await store.appendToStream(streamName('notify'), testEvents(1), { expectedVersion: 'any' });
      await eventually(() => calls > 0, { timeoutMs: 5000, message: 'no wake-up' });
      await unsubscribe();
    });

    describeMultiStreamAppend(() => store, streamName, options);
    describeCommitOrderReading(fixture, streamName, options);
  });
}

function describeMultiStreamAppend(
  getStore: () => EventStore,
  streamName: (label: string) => string,
  options: ConformanceOptions,
): void {
  if (!options.multiStreamAppend) {
    it('refuses a multi-stream append with MultiStreamAppendUnsupportedError, allows one stream', async () => {
      const store = getStore();
      const [a, b] = [streamName('multi-a'), streamName('multi-b')];
      await expect(
        store.appendToStreams([
          { streamName: a, events: testEvents(1), expectedVersion: 'no_stream' },
          { streamName: b, events: testEvents(1), expectedVersion: 'no_stream' },
        ]),
      ).rejects.toBeInstanceOf(MultiStreamAppendUnsupportedError);
      expect(await store.readStream(a)).toEqual([]);
      const [single] = await store.appendToStreams([
        { streamName: a, events: testEvents(2), expectedVersion: 'no_stream' },
      ]);
      expect(single?.nextExpectedVersion).toBe(1);
    });
    return;
  }

  it('a multi-stream append commits every stream together', async () => {
    const store = getStore();
    const [a, b] = [streamName('multi-a'), streamName('multi-b')];
    await store.appendToStream(b, testEvents(1), { expectedVersion: 'no_stream' });
    const results = await store.appendToStreams([
      { streamName: a, events: testEvents(2), expectedVersion: 'no_stream' },
      { streamName: b, events: testEvents(1), expectedVersion: 0 },
    ]);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 1]);
    expect(await store.readStream(a)).toHaveLength(2);
    expect(await store.readStream(b)).toHaveLength(2);
  });

  it('a multi-stream append is all-or-nothing: one conflict writes nothing', async () => {
    const store = getStore();
    const [a, b, c] = [streamName('multi-a'), streamName('multi-b'), streamName('multi-c')];
    await store.appendToStream(b, testEvents(2), { expectedVersion: 'no_stream' });
    const error = await store
      .appendToStreams([
        { streamName: a, events: testEvents(3), expectedVersion: 'no_stream' },
        { streamName: b, events: testEvents(1), expectedVersion: 0 },
        { streamName: c, events: testEvents(1), expectedVersion: 'any' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamName: b, expectedVersion: 0, actualVersion: 1 });
    expect(await store.readStream(a)).toEqual([]);
    expect(await store.readStream(b)).toHaveLength(2);
    expect(await store.readStream(c)).toEqual([]);
  });

  it('200 streams: a wrong expected version anywhere writes nothing and names the first failing stream in name order', async () => {
    const store = getStore();
    // Labels sort the streams: s000 … s199. Every other one exists with 2 events (version 1).
    const names = Array.from({ length: 200 }, (_, i) =>
      streamName(`bulk-s${String(i).padStart(3, '0')}`),
    );
    const existing = names.filter((_, i) => i % 2 === 1);
    await store.appendToStreams(
      existing.map((name) => ({
        streamName: name,
        events: testEvents(2),
        expectedVersion: 'no_stream',
      })),
    );
    const right = (name: string, i: number): StreamAppend => ({
      streamName: name,
      events: testEvents(1),
      expectedVersion: i % 2 === 1 ? 1 : 'no_stream',
    });
    // Listed in reverse: the first failure is found in name order, not in the caller's order.
    const wrong = names
      .map((name, i): StreamAppend => {
        if (i === 137) return { ...right(name, i), expectedVersion: 0 };
        if (i === 150) return { ...right(name, i), expectedVersion: 'stream_exists' };
        return right(name, i);
      })
      .reverse();
    const error = await store.appendToStreams(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamName: names[137], expectedVersion: 0, actualVersion: 1 });
    const untouched = await store.readStreams(names);
    expect(names.map((name) => untouched.get(name)!.length)).toEqual(
      names.map((_, i) => (i % 2 === 1 ? 2 : 0)),
    );

    const appends = names.map(right).reverse();
    const results = await store.appendToStreams(appends);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual(
      appends.map((a) => (a.expectedVersion === 1 ? 2 : 0)),
    );
    const after = await store.readStreams(names);
    for (const [i, append] of appends.entries()) {
      const events = after.get(append.streamName)!;
      expect(events.at(-1)!.id).toBe(append.events[0]!.id);
      expect(comparePositions(events.at(-1)!.position, results[i]!.position)).toBe(0);
    }
  });

  it('a multi-stream append gives consecutive versions per stream and positions in stream-name order, then event order', async () => {
    const store = getStore();
    const [a, b, c, d] = ['order-a', 'order-b', 'order-c', 'order-d'].map(streamName) as [
      string,
      string,
      string,
      string,
    ];
    await store.appendToStream(c, testEvents(2), { expectedVersion: 'no_stream' });
    await store.appendToStream(d, testEvents(1), { expectedVersion: 'no_stream' });
    const start = await store.headPosition();
    const appends: StreamAppend[] = [
      { streamName: d, events: testEvents(2), expectedVersion: 'stream_exists' },
      { streamName: b, events: testEvents(3), expectedVersion: 'any' },
      { streamName: c, events: testEvents(1), expectedVersion: 1 },
      { streamName: a, events: testEvents(2), expectedVersion: 'no_stream' },
    ];
    const results = await store.appendToStreams(appends);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([2, 2, 2, 1]);

    const ids = new Set(appends.flatMap((append) => append.events.map((e) => e.id!)));
    const ours = (
      await readAllUntil(
        store,
        start,
        (events) => events.filter((e) => ids.has(e.id)).length === ids.size,
      )
    ).filter((e) => ids.has(e.id));
    const byName = [...appends].sort((x, y) => (x.streamName < y.streamName ? -1 : 1));
    expect(ours.map((e) => [e.id, e.streamName])).toEqual(
      byName.flatMap((append) => append.events.map((e) => [e.id, append.streamName])),
    );
    expect(ours.map((e) => e.streamVersion)).toEqual([0, 1, 0, 1, 2, 2, 1, 2]);
    for (let i = 1; i < ours.length; i += 1) {
      expect(comparePositions(ours[i - 1]!.position, ours[i]!.position)).toBeLessThan(0);
    }
    for (const [i, append] of appends.entries()) {
      const last = ours.filter((e) => e.streamName === append.streamName).at(-1)!;
      expect(comparePositions(last.position, results[i]!.position)).toBe(0);
    }
  });

  it('a multi-stream append that lists a stream twice is a RangeError and writes nothing', async () => {
    const store = getStore();
    const [a, b] = [streamName('twice-a'), streamName('twice-b')];
    const error = await store
      .appendToStreams([
        { streamName: a, events: testEvents(1), expectedVersion: 'no_stream' },
        { streamName: b, events: testEvents(1), expectedVersion: 'no_stream' },
        { streamName: a, events: testEvents(1), expectedVersion: 0 },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect((await store.readStreams([a, b])).get(a)).toEqual([]);
    expect(await store.readStream(b)).toEqual([]);
  });

  it('10 parallel multi-stream appends expecting one version of a shared stream: one wins, 9 get ConcurrencyError for it and write nothing', async () => {
    const store = getStore();
    // The shared stream sorts after each appender's own stream, so a conflict must be traced
    // to the right stream, not to the first one of the call.
    const shared = streamName('race-shared');
    await store.appendToStream(shared, testEvents(1), { expectedVersion: 'no_stream' });
    const own = Array.from({ length: 10 }, () => streamName('race-own'));
    const outcomes = await Promise.allSettled(
      own.map((mine) =>
        store.appendToStreams([
          { streamName: shared, events: testEvents(1), expectedVersion: 0 },
          { streamName: mine, events: testEvents(2), expectedVersion: 'no_stream' },
        ]),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failures = outcomes.filter((o) => o.status === 'rejected');
    for (const failure of failures) {
      expect(failure.reason).toBeInstanceOf(ConcurrencyError);
      expect(failure.reason).toMatchObject({
        streamName: shared,
        expectedVersion: 0,
        actualVersion: 1,
      });
    }
    const read = await store.readStreams([shared, ...own]);
    expect(read.get(shared)).toHaveLength(2);
    expect(own.map((mine) => read.get(mine)!.length).sort()).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
    ]);
  });

  it("5 parallel multi-stream appends to a shared stream expecting 'any' all succeed", async () => {
    const store = getStore();
    const shared = streamName('any-shared');
    const own = Array.from({ length: 5 }, () => streamName('any-own'));
    const results = await Promise.all(
      own.map((mine) =>
        store.appendToStreams([
          { streamName: mine, events: testEvents(1), expectedVersion: 'no_stream' },
          { streamName: shared, events: testEvents(2), expectedVersion: 'any' },
        ]),
      ),
    );
    expect(results.map(([, onShared]) => onShared!.nextExpectedVersion).sort()).toEqual([
      1, 3, 5, 7, 9,
    ]);
    expect((await store.readStream(shared)).map((e) => e.streamVersion)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
}

/** The heart of the port: readers never skip an event that commits late. */
function describeCommitOrderReading(
  getFixture: () => EventStoreFixture,
  streamName: (label: string) => string,
  options: ConformanceOptions,
): void {
  const naiveTitle = 'a naive `global_position > last` reader in the same run misses some';
  const title =
    'with 10 concurrent appenders a live reader receives every committed event exactly once, ' +
    'in (transaction, position) order' +
    (options.naiveReaderUnavailable === undefined ? `, while ${naiveTitle}` : '');

  it(
    title,
    async () => {
      const fixture = getFixture();
      const { store } = fixture;
      const naive = options.naiveReaderUnavailable === undefined;
      if (naive && (!fixture.appendSlowly || !fixture.readByGlobalPosition)) {
        throw new Error(
          'fixture lacks appendSlowly/readByGlobalPosition for the naive-reader check',
        );
      }
      const writers = 10;
      const appendsPerWriter = 25;
      const start = await store.headPosition();
      const appended = new Set<string>();

      // Ours by stream name: the reader may see an event before its writer's promise resolves.
      const streams = Array.from({ length: writers }, (_, writer) => streamName(`order-${writer}`));
      let writing = true;
      const appendAll = Promise.all(
        streams.map(async (stream, writer) => {
          for (let i = 0; i < appendsPerWriter; i += 1) {
            const events = testEvents(1, 'OrderTested');
            events.forEach((e) => appended.add(e.id!));
            const append = {
              streamName: stream,
              events,
              expectedVersion: i === 0 ? 'no_stream' : i - 1,
            } as const;
            // Every 4th transaction stays open a while, so later positions commit before it.
            if (naive && i % 4 === writer % 4) await fixture.appendSlowly!(append, 40);
            else await store.appendToStream(append.streamName, append.events, append);
          }
        }),
      ).finally(() => {
        writing = false;
      });

      const naiveSeen: string[] = [];
      const naiveRead = (async () => {
        if (!naive) return;
        let last = 0;
        for (let drained = false; !drained;) {
          const stillWriting = writing;
          const rows = await fixture.readByGlobalPosition!(last, 1000);
          for (const row of rows) naiveSeen.push(row.id);
          if (rows.length > 0) last = rows.at(-1)!.globalPosition;
          else if (!stillWriting) drained = true;
          else await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();

      const total = writers * appendsPerWriter;
      const ourStreams = new Set(streams);
      const live = await readLive(store, start, (e) => ourStreams.has(e.streamName), total);
      await appendAll;
      await naiveRead;

      const liveIds = live.ours.map((e) => e.id);
      expect(new Set(liveIds).size).toBe(liveIds.length);
      expect(new Set(liveIds)).toEqual(appended);
      for (let i = 1; i < live.all.length; i += 1) {
        expect(comparePositions(live.all[i - 1]!.position, live.all[i]!.position)).toBeLessThan(0);
      }
      if (naive) {
        const naiveOurs = naiveSeen.filter((id) => appended.has(id));
        expect(new Set(naiveOurs).size).toBe(naiveOurs.length);
        const missed = total - naiveOurs.length;
        expect(missed).toBeGreaterThan(0);
      }
    },
    60_000,
  );

  if (options.naiveReaderUnavailable !== undefined) {
    it.skip(`${naiveTitle} — skipped: ${options.naiveReaderUnavailable}`, () => undefined);
  }
}

/** A live reader: reads on every wake-up (and a short poll) until it holds `expected` events. */
async function readLive(
  store: EventStore,
  from: LogPosition,
  isOurs: (event: RecordedEvent) => boolean,
  expected: number,
): Promise<{ ours: RecordedEvent[]; all: RecordedEvent[] }> {
  const ours: RecordedEvent[] = [];
  const all: RecordedEvent[] = [];
  let wake: () => void = () => undefined;
  const unsubscribe = await store.onAppended(() => wake());
  const deadline = Date.now() + 30_000;
  let after = from;
  try {
    while (ours.length < expected) {
      if (Date.now() > deadline) {
        throw new Error(`live reader received ${ours.length} of ${expected} events in 30 s`);
      }
      const batch = await store.readAll({ after, limit: 100 });
      for (const event of batch) {
        all.push(event);
        if (isOurs(event)) ours.push(event);
      }
      if (batch.length > 0) after = batch.at(-1)!.position;
      else await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, 20)));
    }
  } finally {
    await unsubscribe();
  }
  return { ours, all };
}
