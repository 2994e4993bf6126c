import { randomUUID } from 'node:crypto';
import type { EventStore } from '../event-store';
import { refuseMultiStreamAppends } from '../single-stream';
import { createTestEventStore, eventually, hasPostgresServer } from '../testing';
import type { TestEventStore } from '../testing';
import {
  appendLoneClaim,
  engineOn,
  nameClaims,
  nameStream,
  openAccount as openAccountIn,
} from '../testing/claim-fixtures';
import { ClaimSweeper } from './claim-sweeper';
import type { CommandEngine } from './command-engine';

jest.setTimeout(60_000);

const graceMs = 60_000;
const quiet = { warn: () => undefined, error: () => undefined };

describe(`the claim sweeper (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  let postgres: TestEventStore;
  let store: EventStore;
  let engine: CommandEngine;
  /** How far the sweepers' clock is ahead of the database's. */
  let ahead = 0;
  const sweeper = () =>
    new ClaimSweeper({
      engine,
      store,
      claims: nameClaims,
      clock: () => new Date(Date.now() + ahead),
      logger: quiet,
      graceMs,
      pageSize: 3,
    });

  beforeAll(async () => {
    postgres = await createTestEventStore();
    store = refuseMultiStreamAppends(postgres.store);
    engine = engineOn(store);
  });
  afterAll(() => postgres.close());
  beforeEach(() => (ahead = 0));

  /** What a process leaves behind when it dies between a claim's append and its entity's. */
  async function orphanedClaim(name: string, holder = randomUUID()) {
    await appendLoneClaim(store, name, holder, {
      metadata: { brandId: randomUUID(), correlationId: 'died' },
    });
    return holder;
  }

  const openAccount = (name: string) =>
    openAccountIn(
      engine,
      {
        brandId: randomUUID(),
        actor: { kind: 'system', id: 'spec' },
        requestId: null,
        correlationId: 'c',
        causationId: null,
      },
      name,
    );

  it('cancels a claim whose entity never appeared once the grace period is over', async () => {
    const name = randomUUID();
    const holder = await orphanedClaim(name);
    const sweeping = sweeper();
    // readAll shows an append once no older transaction of the server is running: a moment.
    await eventually(async () => {
      expect(await sweeping.sweep()).toBe(0);
      return sweeping.openReservations() >= 1;
    });
    ahead = graceMs + 1_000;
    expect(await sweeping.sweep()).toBeGreaterThanOrEqual(1);
    const events = await store.readStream(nameStream(name));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['NameClaimed', { holder }],
      ['NameReservationCancelled', { holder }],
    ]);
    expect(events[1]?.metadata).toMatchObject({
      actor: { kind: 'system', id: 'claim-sweeper' },
      causationId: events[0]?.id,
      correlationId: 'died',
    });
    // The value is free: a new command takes it.
    expect((await openAccount(name)).changed).toBe(true);
  });

  it('leaves alone a claim whose entity was written, however old', async () => {
    const name = randomUUID();
    await openAccount(name);
    ahead = graceMs * 10;
    const sweeping = sweeper();
    await sweeping.sweep();
    expect(sweeping.openReservations()).toBe(0);
    expect((await store.readStream(nameStream(name))).map((event) => event.type)).toEqual([
      'NameClaimed',
    ]);
  });

  it('cancels once when several sweepers find the same claim', async () => {
    const name = randomUUID();
    await orphanedClaim(name);
    ahead = graceMs + 1_000;
    const sweepers = [sweeper(), sweeper(), sweeper()];
    await eventually(async () => {
      await Promise.all(sweepers.map((sweeping) => sweeping.sweep()));
      return (await store.readStream(nameStream(name))).length > 1;
    });
    expect((await store.readStream(nameStream(name))).map((event) => event.type)).toEqual([
      'NameClaimed',
      'NameReservationCancelled',
    ]);
  });

  it('runs on a timer until stopped', async () => {
    const name = randomUUID();
    await orphanedClaim(name);
    ahead = graceMs + 1_000;
    const sweeping = sweeper();
    sweeping.start(20);
    const deadline = Date.now() + 10_000;
    while ((await store.readStream(nameStream(name))).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sweeping.stop();
    expect(await store.readStream(nameStream(name))).toHaveLength(2);
  });
});
