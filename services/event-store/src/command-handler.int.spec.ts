import { randomUUID } from 'node:crypto';
import { handleCommand } from './command-handler';
import { migrate } from './db';
import type { EventStore, RecordedEvent } from './event-store';
import { ConcurrencyError } from './event-store';
import { createPostgresEventStore, eventStoreMigrations } from './postgres';
import type { TestDatabase } from './testing';
import { createTestDatabase, hasPostgresServer } from './testing';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

type CounterEvent =
  { type: 'Incremented'; data: { by: number } } | { type: 'LimitReached'; data: { limit: number } };
interface Counter {
  value: number;
  limitReached: boolean;
}
interface Increment {
  by: number;
  limit: number;
}

class LimitExceededError extends Error {}

const counter = {
  initialState: (): Counter => ({ value: 0, limitReached: false }),
  evolve(state: Counter, event: CounterEvent): Counter {
    switch (event.type) {
      case 'Incremented':
        return { ...state, value: state.value + event.data.by };
      case 'LimitReached':
        return { ...state, limitReached: true };
    }
  },
  decide(command: Increment, state: Counter): CounterEvent[] {
    if (state.limitReached) throw new LimitExceededError('limit reached');
    if (command.by === 0) return [];
    const events: CounterEvent[] = [{ type: 'Incremented', data: { by: command.by } }];
    if (state.value + command.by >= command.limit) {
      events.push({ type: 'LimitReached', data: { limit: command.limit } });
    }
    return events;
  },
};

describe(`handleCommand on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let testDb: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 12 });
    await migrate(testDb.db, eventStoreMigrations);
    store = createPostgresEventStore(testDb.db);
  });
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  const increment = (
    streamName: string,
    by: number,
    extra: Partial<Parameters<typeof handleCommand<Counter, Increment, CounterEvent>>[0]> = {},
  ) => handleCommand({ store, streamName, ...counter, command: { by, limit: 100 }, ...extra });

  it('creates the stream, then decides on the state folded from its history', async () => {
    const stream = `counter-${randomUUID()}`;
    const first = await increment(stream, 2);
    expect(first).toMatchObject({
      events: [{ type: 'Incremented', data: { by: 2 } }],
      newState: { value: 2 },
      streamVersion: 0,
    });
    const second = await handleCommand({
      store,
      streamName: stream,
      ...counter,
      command: { by: 3, limit: 5 },
    });
    expect(second.events.map((e) => e.type)).toEqual(['Incremented', 'LimitReached']);
    expect(second.newState).toEqual({ value: 5, limitReached: true });
    expect(second.streamVersion).toBe(2);
    const stored = await store.readStream(stream);
    expect(stored.at(-1)?.position).toEqual(second.position);
    await expect(increment(stream, 1)).rejects.toBeInstanceOf(LimitExceededError);
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await increment(stream, 1);
    const result = await increment(stream, 0);
    expect(result).toEqual({
      events: [],
      newState: { value: 1, limitReached: false },
      position: undefined,
      streamVersion: 0,
    });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('stores the envelope metadata with every event', async () => {
    const stream = `counter-${randomUUID()}`;
    const metadata = { brandId: 'b1', actor: { kind: 'apiKey', id: 'k1' }, requestId: 'r1' };
    await increment(stream, 101, { metadata });
    expect((await store.readStream(stream)).map((e) => e.metadata)).toEqual([metadata, metadata]);
  });

  it('parallel commands on one stream all succeed by retrying on conflicts', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => increment(stream, 1, { maxRetries: 20 })),
    );
    expect(results.map((r) => r.streamVersion).sort((a, b) => a! - b!)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const final = await increment(stream, 0);
    expect(final.newState.value).toBe(10);
  });

  it('gives up with the ConcurrencyError after maxRetries', async () => {
    const stream = `counter-${randomUUID()}`;
    await increment(stream, 1);
    let attempts = 0;
    // A competing writer gets in between every read and append of ours.
    const contested: EventStore = Object.assign(Object.create(store) as EventStore, {
      async appendToStream(...args: Parameters<EventStore['appendToStream']>) {
        attempts += 1;
        await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], {
          expectedVersion: 'any',
        });
        return store.appendToStream(...args);
      },
    });
    const error = await handleCommand({
      store: contested,
      streamName: stream,
      ...counter,
      command: { by: 1, limit: 100 },
      maxRetries: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(attempts).toBe(3);
  });

  it('reads old event shapes through fromRecorded (upcasting on read)', async () => {
    const stream = `counter-${randomUUID()}`;
    await store.appendToStream(
      stream,
      [{ type: 'Incremented', data: { amount: 4 }, schemaVersion: 0 }],
      {
        expectedVersion: 'no_stream',
      },
    );
    const upcast = (event: RecordedEvent): CounterEvent =>
      event.schemaVersion === 0
        ? { type: 'Incremented', data: { by: (event.data as { amount: number }).amount } }
        : ({ type: event.type, data: event.data } as CounterEvent);
    const result = await increment(stream, 1, { fromRecorded: upcast });
    expect(result.newState.value).toBe(5);
  });
});
