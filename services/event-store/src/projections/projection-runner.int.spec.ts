import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import { CommandEngine, requestContext } from '../commands';
import type { Database, Queryable } from '../db';
import { migrate } from '../db';
import type { EventStore, LogPosition, NewEvent } from '../event-store';
import { createPostgresEventStore, eventStoreMigrations } from '../postgres';
import type { TestDatabase } from '../testing';
import { createTestDatabase, eventually, hasPostgresServer } from '../testing';
import { projectionMigrations } from './migrations';
import { listParked } from './parked-events';
import type { Projection, ProjectionCheckpoint } from './projection';
import { createProjectionRunner } from './projection-runner';
import { rowInsert } from './row-insert';
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
      projection text, stream_name text, events integer NOT NULL, PRIMARY KEY (projection, stream_name));
      CREATE TABLE notes (projection text, n integer, text text NOT NULL, PRIMARY KEY (projection, n))`);
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

  it('moves the checkpoint past a batch with nothing for the projection without a transaction', async () => {
    const name = `skipping-${randomUUID()}`;
    const notices: string[] = [];
    const projector = runner({ projections: [streamCounter(name)] });
    projector.observe({
      leadership: () => undefined,
      changing: (projection) => notices.push(`${projection}:changing`),
      settled: (projection) => notices.push(`${projection}:settled`),
    });
    await projector.start();
    expect(await projector.waitFor(await store.headPosition(), 10_000)).toBe(true);
    await eventually(() => notices.at(-1) === `${name}:settled`);
    const before = notices.length;

    const last = await append(`s-${randomUUID()}`, events(5, 'Ignored'));
    expect(await projector.waitFor(last, 10_000)).toBe(true);
    expect((await projector.checkpoints())[0]).toMatchObject({ position: last, status: 'running' });
    // No transaction that may change the tables ran: observers (the read cache) heard nothing.
    expect(notices.slice(before)).toEqual([]);
  });

  it('projections at one checkpoint share a read of the log that is in flight', async () => {
    const counters = [1, 2, 3].map((n) => streamCounter(`shared-${n}-${randomUUID()}`));
    let reads = 0;
    let gated = false;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const counting: EventStore = Object.create(store) as EventStore;
    counting.readAll = async (options) => {
      reads += 1;
      if (gated) await gate;
      return store.readAll(options);
    };
    // No polling: only appends and batches wake the loops.
    const projector = runner({ projections: counters, store: counting, pollMs: 60_000 });
    await projector.start();
    expect(await projector.waitFor(await store.headPosition(), 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // All three wait at the head; one append wakes them together.
    gated = true;
    reads = 0;
    await append(`s-${randomUUID()}`, events(1));
    try {
      await eventually(() => reads > 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads).toBe(1);
    } finally {
      open();
    }
  });

  it('waitFor in the process that leads the projections answers without reading the checkpoints', async () => {
    let checkpointReads = 0;
    const counting: Database = Object.create(db) as Database;
    counting.query = (text, params, options) => {
      if (text.includes('FROM projection_checkpoints WHERE name = ANY')) checkpointReads += 1;
      return db.query(text, params, options);
    };
    const name = `local-${randomUUID()}`;
    const projector = runner({ projections: [streamCounter(name)], db: counting });
    await projector.start();
    const stream = `s-${randomUUID()}`;
    const last = await append(stream, events(2));
    // Once the runner has heard its batch commit, it knows where it left the checkpoint.
    await eventually(
      async () => {
        checkpointReads = 0;
        return (await projector.waitFor(last, 10_000)) && checkpointReads === 0;
      },
      { message: 'waitFor kept reading the checkpoints' },
    );
    expect(await counts(name, [stream])).toEqual({ [stream]: 2 });
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

  it('a failing event rolls back its batch, marks the projection failed, and is retried; what came before it is applied at once', async () => {
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
    // Read once: applying the events before the failing one moves the checkpoint right after.
    let failed: ProjectionCheckpoint | undefined;
    await eventually(async () => {
      const [checkpoint] = await projector.checkpoints();
      if (checkpoint?.status === 'failed') failed = checkpoint;
      return failed !== undefined;
    });
    expect(failed?.lastError).toContain(`Counted ${stream}@2`);
    expect(failed?.lastError).toContain('read model unavailable');
    await eventually(async () => (await counts(name, [stream]))[stream] === 2);

    expect(await projector.waitFor(position, 10_000)).toBe(true);
    expect(await counts(name, [stream])).toEqual({ [stream]: 4 });
    expect((await projector.checkpoints())[0]).toMatchObject({
      status: 'running',
      lastError: null,
    });
    expect(errors).toHaveLength(2);
  });

  it('parks an event the projection keeps failing on and carries on with the rest of the log', async () => {
    const name = `poisoned-${randomUUID()}`;
    const [bad, good] = [`bad-${randomUUID()}`, `good-${randomUUID()}`];
    const poisoned: Projection = {
      ...streamCounter(name),
      apply(event, tx) {
        // A bug: this event's data makes the projection's own code throw, every time.
        if (event.streamName === bad && event.streamVersion === 1) {
          throw new TypeError("Cannot read properties of undefined (reading 'price')");
        }
        return streamCounter(name).apply(event, tx);
      },
    };
    const parkedSeen: string[] = [];
    const projector = runner({
      projections: [poisoned],
      onParked: (parked) => parkedSeen.push(`${parked.streamName}@${parked.streamVersion}`),
    });
    await append(bad, events(3));
    const last = await append(good, events(2));
    await projector.start();

    expect(await projector.waitFor(last, 10_000)).toBe(true);
    expect(await counts(name, [bad, good])).toEqual({ [bad]: 2, [good]: 2 });
    expect(parkedSeen).toEqual([`${bad}@1`]);
    const [checkpoint] = await projector.checkpoints();
    expect(checkpoint).toMatchObject({ status: 'running', parked: 1 });
    const [parked] = await listParked(db, { projections: [name] });
    expect(parked).toMatchObject({
      streamName: bad,
      streamVersion: 1,
      status: 'parked',
      attempts: 3,
      error: expect.stringContaining("reading 'price'") as unknown,
    });
    const badAppend = (await store.readStream(bad))[1]!.position;
    expect(await projector.unappliedIn([badAppend.commit])).toHaveLength(1);
    expect(await projector.unappliedIn([last.commit])).toEqual([]);
  });

  it('parks the event whose row broke a multi-row INSERT, and applies the rows around it', async () => {
    const name = `noted-${randomUUID()}`;
    const insertNote = rowInsert({
      into: 'notes',
      columns: ['projection', 'n', 'text'],
      skipConflictsOn: ['projection', 'n'],
    });
    const noted: Projection = {
      name,
      version: 1,
      handles: ['Noted'],
      apply: (event) => {
        const { n } = event.data as { n: number };
        // A null breaks the NOT NULL column: this event fails every time.
        return [insertNote.row({ projection: name, n, text: n === 150 ? null : `note ${n}` })];
      },
    };
    const stream = `notes-${randomUUID()}`;
    const last = (
      await store.appendToStream(
        stream,
        Array.from({ length: 250 }, (_, n) => ({ type: 'Noted', data: { n } })),
        { expectedVersion: 'any' },
      )
    ).position;
    const projector = runner({ projections: [noted], batchSize: 100 });
    await projector.start();

    expect(await projector.waitFor(last, 20_000)).toBe(true);
    const { rows } = await db.query<{ count: number; missing: number[] }>(
      `SELECT count(*)::int AS count,
              array(SELECT g FROM generate_series(0, 249) g
                    WHERE g NOT IN (SELECT n FROM notes WHERE projection = $1)) AS missing
       FROM notes WHERE projection = $1`,
      [name],
    );
    expect(rows).toEqual([{ count: 249, missing: [150] }]);
    expect(await listParked(db, { projections: [name] })).toEqual([
      expect.objectContaining({ streamName: stream, streamVersion: 150, status: 'parked' }),
    ]);
  });

  it('never parks on a failure of the connection or the database: it retries until it passes', async () => {
    const name = `unreachable-${randomUUID()}`;
    const stream = `s-${randomUUID()}`;
    let failuresLeft = 5;
    const outage: Projection = {
      ...streamCounter(name),
      apply(event, tx) {
        if (event.streamName === stream && failuresLeft > 0) {
          failuresLeft -= 1;
          // The server ends the session, or pg finds the connection gone (it gives no code).
          throw failuresLeft % 2 === 0
            ? Object.assign(new Error('terminating connection due to administrator command'), {
                code: '57P01',
              })
            : new Error('Connection terminated unexpectedly');
        }
        return streamCounter(name).apply(event, tx);
      },
    };
    const position = await append(stream, events(2));
    const projector = runner({ projections: [outage], parkAfterAttempts: 2 });
    await projector.start();
    expect(await projector.waitFor(position, 30_000)).toBe(true);
    expect(await counts(name, [stream])).toEqual({ [stream]: 2 });
    expect(await listParked(db, { projections: [name] })).toEqual([]);
  });
  it('a command waits only for the projections that handle what it appended', async () => {
    const counter = streamCounter(`counter-${randomUUID()}`);
    // Handles nothing this test appends, and no process runs it: its checkpoint never moves.
    const laggard: Projection = {
      name: `laggard-${randomUUID()}`,
      version: 1,
      handles: ['Noted'],
      apply: () => [],
    };
    await runner({ projections: [counter] }).start();
    // An API-only process's view (never started): it knows both and reads their checkpoints.
    const waiter = runner({ projections: [counter, laggard] });
    expect(waiter.handling(['Counted'])).toEqual([counter.name]);
    expect(waiter.handling(['Counted', 'Noted'])).toEqual([counter.name, laggard.name]);
    expect(waiter.handling(['Unread'])).toEqual([]);

    const warnings: object[] = [];
    const engine = new CommandEngine({
      eventStore: store,
      projections: waiter,
      clock: () => new Date(),
      logger: { warn: (details) => warnings.push(details), error: () => undefined },
      waitTimeoutMs: 2_000,
    });
    const counting: Decider<string, null, { type: string; schemaVersion: 1; data: object }> = {
      initialState: () => null,
      evolve: (state) => state,
      decide: (type) => [{ type, schemaVersion: 1, data: {} }],
    };
    const context = requestContext(randomUUID(), { kind: 'apiKey', id: 'k1' }, 'r1');
    const write = (stream: string, type: string) =>
      engine.run(context, async (uow) => {
        (await uow.load(stream, counting, { tenant: false })).decide(type);
      });

    const stream = `s-${randomUUID()}`;
    await write(stream, 'Counted');
    // Visible on return, without waiting out the bound for the laggard.
    expect(await counts(counter.name, [stream])).toEqual({ [stream]: 1 });
    // No projection handles it: nothing to wait for.
    await write(stream, 'Unread');
    expect(warnings).toEqual([]);
    // A type the laggard handles is waited for, and the bound says so.
    await write(stream, 'Noted');
    expect(warnings).toHaveLength(1);
  });
});
