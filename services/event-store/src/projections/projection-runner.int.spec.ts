import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { migrate } from '../db';
import type { EventStore, LogPosition, NewEvent } from '../event-store';
import { createPostgresEventStore, eventStoreMigrations } from '../postgres';
import type { TestDatabase } from '../testing';
import { createTestDatabase, eventually, hasPostgresServer } from '../testing';
import { projectionMigrations } from './migrations';
import type { Projection } from './projection';
import { createProjectionRunner } from './projection-runner';
import type { ProjectionRunner } from './projection-runner';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

/** Counts 'Counted' events per stream; deliberately not idempotent, so a double apply shows. */
const streamCounter = (name: string, version = 1): Projection => ({
  name,
  version,
  handles: ['Counted'],
  apply: (event) => [
    {
      text: `INSERT INTO stream_counts (projection, stream_name, events) VALUES ($1, $2, 1)
             ON CONFLICT (projection, stream_name) DO UPDATE SET events = stream_counts.events + 1`,
      params: [name, event.streamName],
    },
  ],
  async reset(tx: Queryable) {
    await tx.query('DELETE FROM stream_counts WHERE projection = $1', [name]);
  },
});

const events = (count: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({ type, data: { i } }));

describe(`projection runner on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];
  const runner = (
    options: Partial<Parameters<typeof createProjectionRunner>[0]> & { projections: Projection[] },
  ) => {
    const created = createProjectionRunner({
      db,
      store,
      pollMs: 50,
      standbyRetryMs: 50,
      ...options,
    });
    runners.push(created);
    return created;
  };
  /** Counts of the given streams (every projection replays the whole shared log). */
  const counts = async (projection: string, streams: string[]) => {
    const { rows } = await db.query<{ stream_name: string; events: number }>(
      `SELECT stream_name, events FROM stream_counts
       WHERE projection = $1 AND stream_name = ANY($2::text[]) ORDER BY stream_name`,
      [projection, streams],
    );
    return Object.fromEntries(rows.map((row) => [row.stream_name, row.events]));
  };
  const append = async (stream: string, batch: NewEvent[]): Promise<LogPosition> =>
    (await store.appendToStream(stream, batch, { expectedVersion: 'any' })).position;

  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 20 });
    db = testDb.db;
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    await db.exec(`CREATE TABLE stream_counts (
      projection text, stream_name text, events integer NOT NULL, PRIMARY KEY (projection, stream_name))`);
    store = createPostgresEventStore(db);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  it('applies handled events once, moves the checkpoint past the others, and waitFor sees it', async () => {
    const name = `counter-${randomUUID()}`;
    const [a, b] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    await append(a, events(3));
    await append(b, [...events(1), ...events(2, 'Ignored')]);
    const last = await append(a, events(2, 'Ignored'));
    const projector = runner({ projections: [streamCounter(name)], batchSize: 2 });
    await projector.start();

    expect(await projector.waitFor(last, 10_000)).toBe(true);
    expect(await counts(name, [a, b])).toEqual({ [a]: 3, [b]: 1 });
    const [checkpoint] = await projector.checkpoints();
    expect(checkpoint).toMatchObject({ name, version: 1, position: last, status: 'running' });
    expect(projector.leading()).toEqual([name]);

    await projector.stop();
    expect((await projector.checkpoints())[0]?.status).toBe('stopped');
  });

  it('tells observers when it leads and around every transaction that may change the tables', async () => {
    const name = `observed-${randomUUID()}`;
    const notices: string[] = [];
    const projector = runner({ projections: [streamCounter(name)], batchSize: 2 });
    const stopObserving = projector.observe({
      leadership: (projection, leading) => notices.push(`${projection}:leading=${leading}`),
      changing: (projection) => notices.push(`${projection}:changing`),
      settled: (projection) => notices.push(`${projection}:settled`),
    });
    await projector.start();
    const stream = `s-${randomUUID()}`;
    const last = await append(stream, events(3));
    expect(await projector.waitFor(last, 10_000)).toBe(true);
    // The tables already show the batch once `settled` is told: nothing reads them between.
    const ofThis = () => notices.filter((notice) => notice.startsWith(`${name}:`));
    await eventually(() => ofThis().at(-1) === `${name}:settled`);
    const seen = ofThis().map((notice) => notice.slice(name.length + 1));
    // Take-over (which may reset the tables), then leadership, then batches of the log.
    expect(seen.slice(0, 3)).toEqual(['changing', 'settled', 'leading=true']);
    const batches = seen.slice(3);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < batches.length; i += 2) {
      expect(batches.slice(i, i + 2)).toEqual(['changing', 'settled']);
    }
    // An observer registered while the runner already leads is told so at once.
    const late: string[] = [];
    const stopLate = projector.observe({
      leadership: (projection, leading) => late.push(`${projection}:leading=${leading}`),
      changing: () => undefined,
      settled: () => undefined,
    });
    expect(late).toEqual([`${name}:leading=true`]);
    await projector.stop();
    expect(ofThis().at(-1)).toBe(`${name}:leading=false`);
    expect(late.at(-1)).toBe(`${name}:leading=false`);
    stopObserving();
    stopLate();
  });

  it('waitFor answers false after its timeout when a projection has not reached the position', async () => {
    const [fast, idle] = [
      streamCounter(`fast-${randomUUID()}`),
      streamCounter(`idle-${randomUUID()}`),
    ];
    const position = await append(`s-${randomUUID()}`, events(1));
    const projector = runner({ projections: [fast] });
    await projector.start();
    // A process that runs no projector can still wait: it reads the checkpoints.
    const observer = runner({ projections: [fast, idle] });
    expect(await observer.waitFor(position, 10_000, [fast.name])).toBe(true);
    const started = Date.now();
    expect(await observer.waitFor(position, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(observer.waitFor(position, 10, ['nope'])).rejects.toBeInstanceOf(RangeError);
  });

  const pgliteOnly = hasPostgresServer() ? it.skip : it;
  pgliteOnly(
    `wakes on onAppended rather than waiting for the poll${
      hasPostgresServer()
        ? ' — skipped on a server: other sessions holding back xmin make notify-only timing nondeterministic'
        : ''
    }`,
    async () => {
      const projector = runner({
        projections: [streamCounter(`woken-${randomUUID()}`)],
        pollMs: 60_000,
      });
      await projector.start();
      await eventually(() => projector.leading().length === 1);
      const position = await append(`s-${randomUUID()}`, events(1));
      expect(await projector.waitFor(position, 5_000)).toBe(true);
    },
  );

  it('one runner leads a projection at a time; a standby takes over when the leader stops', async () => {
    const name = `shared-${randomUUID()}`;
    // Two "processes": separate pools on a server, the same in-process database on PGlite.
    const dbOf = () => (hasPostgresServer() ? testDb.connect(6) : db);
    const first = runner({ projections: [streamCounter(name)], db: dbOf() });
    const second = runner({ projections: [streamCounter(name)], db: dbOf() });
    await Promise.all([first.start(), second.start()]);
    const stream = `s-${randomUUID()}`;
    let position = await append(stream, events(20));
    expect(await first.waitFor(position, 10_000)).toBe(true);
    const leaders = [first, second].filter((r) => r.leading().includes(name));
    expect(leaders).toHaveLength(1);

    await leaders[0]!.stop();
    const standby = leaders[0] === first ? second : first;
    position = await append(stream, events(5));
    expect(await standby.waitFor(position, 10_000)).toBe(true);
    expect(standby.leading()).toEqual([name]);
    expect(await counts(name, [stream])).toEqual({ [stream]: 25 });
  });

  it('a version bump resets the projection and replays the log once', async () => {
    const name = `bumped-${randomUUID()}`;
    const stream = `s-${randomUUID()}`;
    const position = await append(stream, events(4));
    const v1 = runner({ projections: [streamCounter(name, 1)] });
    await v1.start();
    expect(await v1.waitFor(position, 10_000)).toBe(true);
    await v1.stop();

    const v2 = runner({ projections: [streamCounter(name, 2)] });
    await v2.start();
    expect(await v2.waitFor(position, 10_000)).toBe(true);
    expect(await counts(name, [stream])).toEqual({ [stream]: 4 });
    expect((await v2.checkpoints())[0]?.version).toBe(2);
  });

  it('a failing event rolls back its batch, marks the projection failed, and is retried', async () => {
    const name = `flaky-${randomUUID()}`;
    const stream = `s-${randomUUID()}`;
    let failuresLeft = 2;
    const errors: unknown[] = [];
    const flaky: Projection = {
      ...streamCounter(name),
      apply(event, tx) {
        if (event.streamName === stream && event.streamVersion === 2 && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('read model unavailable');
        }
        return streamCounter(name).apply(event, tx);
      },
    };
    const position = await append(stream, events(4));
    const projector = runner({ projections: [flaky], onError: (error) => errors.push(error) });
    await projector.start();
    await eventually(async () => (await projector.checkpoints())[0]?.status === 'failed');
    const [failed] = await projector.checkpoints();
    expect(failed?.lastError).toContain(`Counted ${stream}@2`);
    expect(failed?.lastError).toContain('read model unavailable');
    expect(await counts(name, [stream])).toEqual({});

    expect(await projector.waitFor(position, 10_000)).toBe(true);
    expect(await counts(name, [stream])).toEqual({ [stream]: 4 });
    expect((await projector.checkpoints())[0]).toMatchObject({
      status: 'running',
      lastError: null,
    });
    expect(errors).toHaveLength(2);
  });
});
