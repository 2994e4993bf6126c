import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import type { EventStore } from '../event-store';
import type { TestEventStore } from '../testing';
import { createTestEventStore, hasPostgresServer } from '../testing';
import type { CommandContext } from './command-context';
import { CommandEngine } from './command-engine';
import type { ProjectionWaiter } from './command-engine';
import { upcastOnRead } from '../upcasting';
import { ChangedConcurrentlyError } from './errors';
import type { RetryPolicy } from './retry-policy';

jest.setTimeout(60_000);

type CounterEvent =
  | { type: 'Incremented'; schemaVersion: 1; data: { by: number } }
  | { type: 'LimitReached'; schemaVersion: 1; data: { limit: number } };
interface Counter {
  value: number;
  limitReached: boolean;
}
interface Increment {
  by: number;
  limit: number;
}

class LimitExceededError extends Error {}

const counter: Decider<Increment, Counter, CounterEvent> = {
  initialState: () => ({ value: 0, limitReached: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'Incremented':
        return { ...state, value: state.value + event.data.by };
      case 'LimitReached':
        return { ...state, limitReached: true };
    }
  },
  decide(command, state) {
    if (state.limitReached) throw new LimitExceededError('limit reached');
    if (command.by === 0) return [];
    const events: CounterEvent[] = [
      { type: 'Incremented', schemaVersion: 1, data: { by: command.by } },
    ];
    if (state.value + command.by >= command.limit) {
      events.push({ type: 'LimitReached', schemaVersion: 1, data: { limit: command.limit } });
    }
    return events;
  },
};

const context: CommandContext = {
  brandId: randomUUID(),
  actor: { kind: 'apiKey', id: 'k1' },
  requestId: 'r1',
  correlationId: 'r1',
  causationId: 'r1',
};

/** Read-after-write is the projection runner's job; these tests have no read models. */
const noReadModels = {} as ProjectionWaiter;

describe(`the command engine on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let postgres: TestEventStore;
  let store: EventStore;
  let engine: CommandEngine;
  beforeAll(async () => {
    postgres = await createTestEventStore({ poolSize: 12 });
    store = postgres.store;
    engine = engineOn(store);
  });
  afterAll(() => postgres.close());

  const engineOn = (eventStore: EventStore) =>
    new CommandEngine({
      eventStore,
      projections: noReadModels,
      clock: () => new Date('2025-03-01T10:00:00.000Z'),
      logger: { warn: () => undefined, error: () => undefined },
    });

  const increment = (
    streamName: string,
    by: number,
    options: { limit?: number; retry?: RetryPolicy; on?: CommandEngine } = {},
  ) =>
    (options.on ?? engine).run(
      context,
      async (uow) => {
        const stream = await uow.load(streamName, counter, { tenant: false });
        stream.decide({ by, limit: options.limit ?? 100 });
        return stream.state;
      },
      { readAfterWrite: false, ...(options.retry ? { retry: options.retry } : {}) },
    );

  it('creates the stream, then decides on the state folded from its history', async () => {
    const stream = `counter-${randomUUID()}`;
    expect(await increment(stream, 2)).toMatchObject({ value: { value: 2 }, changed: true });
    const second = await increment(stream, 3, { limit: 5 });
    expect(second.value).toEqual({ value: 5, limitReached: true });
    const stored = await store.readStream(stream);
    expect(stored.map((event) => event.type)).toEqual([
      'Incremented',
      'Incremented',
      'LimitReached',
    ]);
    expect(second.positions).toEqual([stored.at(-1)?.position]);
    await expect(increment(stream, 1)).rejects.toBeInstanceOf(LimitExceededError);
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await increment(stream, 1);
    expect(await increment(stream, 0)).toEqual({
      value: { value: 1, limitReached: false },
      changed: false,
      positions: [],
    });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('stores the context and the command time as every event’s metadata', async () => {
    const stream = `counter-${randomUUID()}`;
    await increment(stream, 101);
    const metadata = { ...context, occurredAt: '2025-03-01T10:00:00.000Z' };
    expect((await store.readStream(stream)).map((e) => e.metadata)).toEqual([metadata, metadata]);
  });

  it('runs parallel commands on one stream to success by deciding again after a lost race', async () => {
    const stream = `counter-${randomUUID()}`;
    await Promise.all(Array.from({ length: 10 }, () => increment(stream, 1)));
    expect((await increment(stream, 0)).value.value).toBe(10);
    expect(await store.readStream(stream)).toHaveLength(10);
  });

  it('gives up, as changed concurrently, after the attempts its policy allows', async () => {
    const stream = `counter-${randomUUID()}`;
    await increment(stream, 1);
    let attempts = 0;
    // A competing writer gets in between every read and append of ours.
    const contested: EventStore = Object.assign(Object.create(store) as EventStore, {
      async appendToStream(...args: Parameters<EventStore['appendToStream']>) {
        attempts += 1;
        await store.appendToStream(
          stream,
          [{ type: 'Incremented', schemaVersion: 1, data: { by: 1 } }],
          { expectedVersion: 'any' },
        );
        return store.appendToStream(...args);
      },
    });
    const retry: RetryPolicy = { maxAttempts: 3, pauseBeforeRetry: () => Promise.resolve() };
    const error = await increment(stream, 1, { retry, on: engineOn(contested) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChangedConcurrentlyError);
    expect(attempts).toBe(3);
  });

  it('decides on old event shapes upcast by the store it reads from', async () => {
    const stream = `counter-${randomUUID()}`;
    await store.appendToStream(
      stream,
      [{ type: 'Incremented', data: { amount: 4 }, schemaVersion: 0 }],
      { expectedVersion: 'no_stream' },
    );
    const upcasting = upcastOnRead(store, [
      {
        type: 'Incremented',
        fromVersion: 0,
        upcast: (data) => ({ by: (data as { amount: number }).amount }),
      },
    ]);
    const result = await increment(stream, 1, { on: engineOn(upcasting) });
    expect(result.value.value).toBe(5);
  });
});
