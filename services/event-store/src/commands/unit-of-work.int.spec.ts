import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import { ForeignStreamError } from './errors';
import type { EventStore } from '../event-store';
import { createTestEventStore, hasPostgresServer } from '../testing';
import type { TestEventStore } from '../testing';
import type { CommandContext } from './command-context';
import { StreamStates } from './stream-states';
import { UnitOfWork } from './unit-of-work';

jest.setTimeout(60_000);

/** A stream that counts: each `Count` command appends one `Counted` event. */
interface Counted {
  type: 'Counted';
  schemaVersion: 1;
  data: { by: number };
}
const counter: Decider<{ by: number }, number, Counted> = {
  initialState: () => 0,
  decide: (command) => [{ type: 'Counted', schemaVersion: 1, data: { by: command.by } }],
  evolve: (state, event) => state + event.data.by,
};

/** The real store, telling which reads it was asked for and how many events each returned. */
function watched(store: EventStore): { store: EventStore; reads: string[][]; returned: number[] } {
  const reads: string[][] = [];
  const returned: number[] = [];
  return {
    reads,
    returned,
    store: {
      appendToStream: (name, events, options) => store.appendToStream(name, events, options),
      appendToStreams: (appends) => store.appendToStreams(appends),
      readStream: (name, options) => {
        reads.push([name]);
        return store.readStream(name, options);
      },
      readStreams: async (names, options) => {
        reads.push([...names]);
        const read = await store.readStreams(names, options);
        returned.push([...read.values()].reduce((sum, events) => sum + events.length, 0));
        return read;
      },
      readAll: (options) => store.readAll(options),
      headPosition: () => store.headPosition(),
      readByRequestId: (requestId) => store.readByRequestId(requestId),
      readByIdempotencyKeyId: (id) => store.readByIdempotencyKeyId(id),
      positionOf: (globalPosition) => store.positionOf(globalPosition),
      countEvents: (options) => store.countEvents(options),
      onAppended: (listener) => store.onAppended(listener),
      close: () => store.close(),
    },
  };
}

const context = (brandId: string): CommandContext => ({
  brandId,
  actor: { kind: 'system', id: 'unit-of-work-spec' },
  requestId: null,
  correlationId: randomUUID(),
  causationId: null,
});
const occurredAt = '2024-01-01T00:00:00.000Z';

describe(`UnitOfWork on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let postgres: TestEventStore;
  let store: EventStore;
  const brandId = randomUUID();

  beforeAll(async () => {
    postgres = await createTestEventStore();
    store = postgres.store;
  });
  afterAll(() => postgres.close());

  /** Streams counted up to 0, 1, 2, 0, 1, 2, … (stream i holds i % 3 events), written by `owner`. */
  async function countedStreams(count: number, owner = brandId): Promise<string[]> {
    const names = Array.from({ length: count }, () => `counter-${randomUUID()}`);
    const uow = new UnitOfWork(store, owner);
    const streams = await Promise.all(
      names.map((name) => uow.load(name, counter, { tenant: true })),
    );
    streams.forEach((stream, i) => {
      for (let n = 0; n < i % 3; n += 1) stream.decide({ by: 1 });
    });
    await uow.commit(context(owner), occurredAt);
    return names;
  }

  it('loads asked for together are one read, each folded with its own version', async () => {
    const names = await countedStreams(200);
    const { store: seen, reads } = watched(store);
    const uow = new UnitOfWork(seen, brandId);
    const streams = await Promise.all(
      names.map((name) => uow.load(name, counter, { tenant: true })),
    );
    expect(reads).toHaveLength(1);
    expect(new Set(reads[0])).toEqual(new Set(names));
    expect(streams.map((stream) => stream.state)).toEqual(names.map((_, i) => i % 3));
    expect(streams.map((stream) => stream.expectedVersion)).toEqual(
      names.map((_, i) => (i % 3 === 0 ? 'no_stream' : (i % 3) - 1)),
    );

    // The versions read are the ones the append checks: the commit goes through.
    streams.forEach((stream) => stream.decide({ by: 10 }));
    await uow.commit(context(brandId), occurredAt);
    const after = await store.readStreams(names);
    expect(names.map((name) => after.get(name)!.length)).toEqual(names.map((_, i) => (i % 3) + 1));
  });

  it('a stream already tracked is not read again; loads in later ticks are later reads', async () => {
    const [a, b] = await countedStreams(2);
    const { store: seen, reads } = watched(store);
    const uow = new UnitOfWork(seen, brandId);
    const first = await uow.load(a!, counter, { tenant: true });
    first.decide({ by: 5 });
    const again = await uow.load(a!, counter, { tenant: true });
    expect(again).toBe(first);
    expect(again.state).toBe(5);
    await uow.load(b!, counter, { tenant: true });
    expect(reads).toEqual([[a], [b]]);
  });

  it('two loads of one stream in the same batch get the same tracked stream', async () => {
    const [, name] = await countedStreams(2);
    const uow = new UnitOfWork(store, brandId);
    const [one, other] = await Promise.all([
      uow.load(name!, counter, { tenant: true }),
      uow.load(name!, counter, { tenant: true }),
    ]);
    expect(other).toBe(one);
    one.decide({ by: 1 });
    other.decide({ by: 1 });
    await uow.commit(context(brandId), occurredAt);
    expect(await store.readStream(name!)).toHaveLength(3);
  });

  it("another brand's tenant stream reads as absent and may not be written; a shared one is read", async () => {
    const other = randomUUID();
    const [, theirs] = await countedStreams(2, other);
    const uow = new UnitOfWork(store, brandId);
    const [asTenant, asShared] = await Promise.all([
      uow.load(theirs!, counter, { tenant: true }),
      new UnitOfWork(store, brandId).load(theirs!, counter, { tenant: false }),
    ]);
    expect(asTenant.state).toBe(0);
    expect(() => asTenant.decide({ by: 1 })).toThrow(ForeignStreamError);
    expect(asShared.state).toBe(1);
    expect(asShared.expectedVersion).toBe(0);
  });

  it('a failed read fails every load of its batch; the next load reads again', async () => {
    const [a, b] = await countedStreams(2);
    let failNext = true;
    const failing: EventStore = {
      ...watched(store).store,
      readStreams: (names) => {
        if (!failNext) return store.readStreams(names);
        failNext = false;
        return Promise.reject(new Error('connection lost'));
      },
    };
    const uow = new UnitOfWork(failing, brandId);
    const outcomes = await Promise.allSettled([
      uow.load(a!, counter, { tenant: true }),
      uow.load(b!, counter, { tenant: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((await uow.load(b!, counter, { tenant: true })).state).toBe(1);
  });

  describe('with kept stream states', () => {
    /** Object states, so a kept state's immutability shows. */
    interface Tally {
      total: number;
      history: number[];
    }
    const tally: Decider<{ by: number }, Tally, Counted> = {
      initialState: () => ({ total: 0, history: [] }),
      decide: (command) => [{ type: 'Counted', schemaVersion: 1, data: { by: command.by } }],
      evolve: (state, event) => ({
        total: state.total + event.data.by,
        history: [...state.history, event.data.by],
      }),
    };
    const appendBy = async (name: string, by: number, owner = brandId) => {
      const uow = new UnitOfWork(store, owner);
      (await uow.load(name, tally, { tenant: true })).decide({ by });
      await uow.commit(context(owner), occurredAt);
    };

    it('reads only the events since the kept state, and decides as a whole read would', async () => {
      const states = new StreamStates();
      const name = `tally-${randomUUID()}`;
      const { store: seen, returned } = watched(store);
      for (let round = 1; round <= 6; round += 1) {
        // Another process (no kept states) writes between this process's loads.
        if (round % 2 === 1) await appendBy(name, 100 * round);
        const uow = new UnitOfWork(seen, brandId, states);
        const stream = await uow.load(name, tally, { tenant: true });
        const whole = await new UnitOfWork(store, brandId).load(name, tally, { tenant: true });
        expect(stream.state).toEqual(whole.state);
        expect(stream.expectedVersion).toBe(whole.expectedVersion);
        stream.decide({ by: round });
        await uow.commit(context(brandId), occurredAt);
      }
      // The first load reads the stream; each later one the events since the one before.
      expect(returned).toEqual([1, 1, 2, 1, 2, 1]);
      expect(await store.readStream(name)).toHaveLength(9);
      expect(states.stats()).toMatchObject({ hits: 5, misses: 1, entries: 1 });
    });

    it("keeps another brand's stream foreign, and a shared load still reads it", async () => {
      const states = new StreamStates();
      const other = randomUUID();
      const name = `tally-${randomUUID()}`;
      await appendBy(name, 7, other);
      const theirs = await new UnitOfWork(store, other, states).load(name, tally, { tenant: true });
      expect(theirs.state.total).toBe(7);

      const mine = await new UnitOfWork(store, brandId, states).load(name, tally, { tenant: true });
      expect(states.stats().hits).toBe(1);
      expect(mine.state).toEqual(tally.initialState());
      expect(() => mine.decide({ by: 1 })).toThrow(ForeignStreamError);
      const shared = await new UnitOfWork(store, brandId, states).load(name, tally, {
        tenant: false,
      });
      expect(shared.state.total).toBe(7);
    });

    it('a kept state cannot be changed in place; deciding on it still works', async () => {
      const states = new StreamStates();
      const name = `tally-${randomUUID()}`;
      await appendBy(name, 1);
      await new UnitOfWork(store, brandId, states).load(name, tally, { tenant: true });
      const uow = new UnitOfWork(store, brandId, states);
      const stream = await uow.load(name, tally, { tenant: true });
      expect(() => stream.state.history.push(2)).toThrow(TypeError);
      stream.decide({ by: 2 });
      expect(stream.state).toEqual({ total: 3, history: [1, 2] });
      await uow.commit(context(brandId), occurredAt);
      const again = await new UnitOfWork(store, brandId, states).load(name, tally, {
        tenant: true,
      });
      expect(again.state).toEqual({ total: 3, history: [1, 2] });
    });

    it("never hands one decider's state to another decider of the same stream", async () => {
      const states = new StreamStates();
      const name = `tally-${randomUUID()}`;
      await appendBy(name, 4);
      await new UnitOfWork(store, brandId, states).load(name, tally, { tenant: true });
      const counted = await new UnitOfWork(store, brandId, states).load(name, counter, {
        tenant: true,
      });
      expect(counted.state).toBe(4);
    });
  });
});
