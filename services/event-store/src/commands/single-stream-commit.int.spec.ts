import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, StreamAppend } from '../event-store';
import { refuseMultiStreamAppends } from '../single-stream';
import { createTestEventStore, hasPostgresServer } from '../testing';
import type { TestEventStore } from '../testing';
import {
  accounts,
  accountStream,
  appendLoneClaim,
  engineOn,
  nameClaims,
  nameStream,
  NameTakenError,
  openAccount as openAccountIn,
} from '../testing/claim-fixtures';
import type { CommandContext } from './command-context';
import type { CommandEngine } from './command-engine';
import { cancellationEventId, reservedForKey } from './reservations';

jest.setTimeout(120_000);

const context: CommandContext = {
  brandId: randomUUID(),
  actor: { kind: 'system', id: 'single-stream-spec' },
  requestId: null,
  correlationId: 'c1',
  causationId: null,
};

/** The store, recording each append it is asked for, and failing those `fail` picks. */
function spied(
  store: EventStore,
  fail: (streamName: string) => Error | undefined = () => undefined,
) {
  const appends: { streamName: string; events: readonly NewEvent[] }[] = [];
  const multi: (readonly StreamAppend[])[] = [];
  const spy: EventStore = new Proxy(store, {
    get(target, property) {
      if (property === 'appendToStream') {
        return (...args: Parameters<EventStore['appendToStream']>) => {
          const failure = fail(args[0]);
          if (failure) return Promise.reject(failure);
          appends.push({ streamName: args[0], events: args[1] });
          return target.appendToStream(...args);
        };
      }
      if (property === 'appendToStreams') {
        return (list: readonly StreamAppend[]) => {
          multi.push(list);
          return target.appendToStreams(list);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { spy, appends, multi };
}

/** Opens an account holding a unique name, as a product takes its store id. */
const openAccount = (engine: CommandEngine, name: string, id?: string) =>
  openAccountIn(engine, context, name, id);

const closeAccount = (engine: CommandEngine, name: string, id: string) =>
  engine.run(
    context,
    async (uow) => {
      const claim = await uow.load(nameStream(name), nameClaims, { tenant: false });
      const account = await uow.load(accountStream(id), accounts, { tenant: true });
      account.decide('Close');
      claim.decide({ type: 'Release', holder: id });
    },
    { readAfterWrite: false },
  );

describe(`a command on a store that appends one stream at a time (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  let postgres: TestEventStore;
  let store: EventStore;

  beforeAll(async () => {
    postgres = await createTestEventStore({ poolSize: 12 });
    store = refuseMultiStreamAppends(postgres.store);
  });
  afterAll(() => postgres.close());

  it('appends the claim first, naming the entity event it waits for, then the entity', async () => {
    const { spy, appends } = spied(store);
    const name = randomUUID();
    const id = await openAccount(engineOn(spy), name);
    // The first commit tries the atomic append once and is refused; then one stream at a time.
    expect(appends.map((append) => append.streamName)).toEqual([
      nameStream(name),
      accountStream(id.value),
    ]);
    const [claim] = await store.readStream(nameStream(name));
    const [opened] = await store.readStream(accountStream(id.value));
    expect(claim?.metadata[reservedForKey]).toEqual({
      streamName: accountStream(id.value),
      eventId: opened?.id,
    });
    expect(opened?.metadata).not.toHaveProperty(reservedForKey);
  });

  it('lets one of 50 racing commands take a name; the others are refused as taken', async () => {
    const engine = engineOn(store);
    const name = randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => openAccount(engine, name)),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof NameTakenError,
    );
    expect([won.length, refused.length]).toEqual([1, 49]);
    const claims = await store.readStream(nameStream(name));
    expect(claims.map((event) => event.type)).toEqual(['NameClaimed']);
    const winner = (won[0] as PromiseFulfilledResult<{ value: string }>).value.value;
    expect(claims[0]?.data).toEqual({ holder: winner });
  });

  it('cancels the claim when the entity cannot be appended, and rethrows', async () => {
    const name = randomUUID();
    const lost = new Error('connection lost');
    const { spy } = spied(store, (stream) => (stream.startsWith('account-') ? lost : undefined));
    await expect(openAccount(engineOn(spy), name)).rejects.toBe(lost);
    const [claimed, cancelled, ...rest] = await store.readStream(nameStream(name));
    expect(rest).toEqual([]);
    expect(cancelled).toMatchObject({
      type: 'NameReservationCancelled',
      id: cancellationEventId(claimed!.id),
      data: claimed?.data,
    });
    // The name is free again.
    const again = await openAccount(engineOn(store), name);
    expect((await store.readStream(nameStream(name))).at(-1)?.data).toEqual({
      holder: again.value,
    });
  });

  it('gives a value back after its holder’s change is written', async () => {
    const name = randomUUID();
    const { value: id } = await openAccount(engineOn(store), name);
    const { spy, appends } = spied(store);
    await closeAccount(engineOn(spy), name, id);
    expect(appends.map((append) => append.streamName)).toEqual([
      accountStream(id),
      nameStream(name),
    ]);
    const taken = await openAccount(engineOn(store), name);
    expect(taken.changed).toBe(true);
  });

  it('runs a command again while the claim it reads waits for its entity', async () => {
    const name = randomUUID();
    const holder = randomUUID();
    const entityEventId = randomUUID();
    // Another command between its two appends: the claim is in, its entity not yet.
    await appendLoneClaim(store, name, holder, { entityEventId });
    const { spy, appends } = spied(store);
    // Watched from the start: it may be refused before the append below has answered (on a
    // loaded machine it was, and its rejection went unhandled meanwhile: the test failed).
    const refused = expect(openAccount(engineOn(spy), name)).rejects.toBeInstanceOf(NameTakenError);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await store.appendToStream(
      accountStream(holder),
      [{ id: entityEventId, type: 'AccountOpened', data: { id: 'account' } }],
      { expectedVersion: 'no_stream' },
    );
    // Decided on the finished write: the name is taken, and nothing was appended meanwhile.
    await refused;
    expect(appends).toEqual([]);
  });

  it('keeps the one atomic append on a store that can', async () => {
    const { spy, appends, multi } = spied(postgres.store);
    const name = randomUUID();
    await openAccount(engineOn(spy), name);
    expect(appends).toEqual([]);
    expect(multi).toHaveLength(1);
    const [claim] = await postgres.store.readStream(nameStream(name));
    expect(claim?.metadata).not.toHaveProperty(reservedForKey);
  });
});
