import { randomUUID } from 'node:crypto';
import { migrate } from '../db';
import type { Database, QueryOptions, Transaction } from '../db';
import { ConcurrencyError, DuplicateEventIdError } from '../event-store';
import type { NewEvent } from '../event-store';
import type { EventStoreFixture, TestDatabase } from '../testing';
import {
  createTestDatabase,
  createTestEventStore,
  describeEventStoreConformance,
  describeLookupConformance,
  eventually,
  hasPostgresServer,
  itOnServer,
  watchedDatabase,
} from '../testing';
import { appendToStreamInTransaction } from './append-sql';
import { eventStoreMigrations } from './migrations';
import { createPostgresEventStore } from './postgres-event-store';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';
const needsServer =
  'needs real concurrency: set TEST_DATABASE_URL to run it on a Postgres server (PGlite has one connection)';

async function postgresFixture(): Promise<EventStoreFixture> {
  const { store, appendSlowly, readByGlobalPosition, close } = await createTestEventStore({
    poolSize: 20,
  });
  return { store, appendSlowly, readByGlobalPosition, close };
}

describeEventStoreConformance(`Postgres adapter on ${where}`, postgresFixture, {
  multiStreamAppend: true,
  naiveReaderUnavailable: hasPostgresServer() ? undefined : needsServer,
});
describeLookupConformance(`Postgres adapter on ${where}`, postgresFixture);

// Again through the inline path, as the API writes: one pipeline for the append and the COMMIT
// (inline-append.int.spec.ts has what is its own).
async function inlineFixture(): Promise<EventStoreFixture> {
  const { store, appendSlowly, readByGlobalPosition, close } = await createTestEventStore({
    poolSize: 20,
    inline: true,
  });
  return { store, appendSlowly, readByGlobalPosition, close };
}

describeEventStoreConformance(`Postgres adapter writing inline on ${where}`, inlineFixture, {
  multiStreamAppend: true,
  naiveReaderUnavailable: hasPostgresServer() ? undefined : needsServer,
});
describeLookupConformance(`Postgres adapter writing inline on ${where}`, inlineFixture);

/** The database, with the text of every query and transaction it is asked for. */
function countingQueries(db: Database): { counted: Database; texts: string[] } {
  const texts: string[] = [];
  const counted = watchedDatabase(db, {
    query: <R>(text: string, params?: readonly unknown[], options?: QueryOptions) => {
      texts.push(text);
      return db.query<R>(text, params, options);
    },
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => {
      texts.push('transaction');
      return db.transaction(fn);
    },
  });
  return { counted, texts };
}

const oneEvent = (): NewEvent[] => [{ id: randomUUID(), type: 'Tested', data: {} }];

describe(`Postgres adapter specifics on ${where}`, () => {
  let testDb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    await migrate(db, eventStoreMigrations);
  });
  afterAll(() => testDb.drop());

  it('migrations are recorded and not applied twice', async () => {
    expect(await migrate(db, eventStoreMigrations)).toEqual([]);
  });

  it('a database that got the request-id index from the former API migration migrates cleanly', async () => {
    const older = await createTestDatabase();
    try {
      const [events, requestIdIndex] = eventStoreMigrations;
      await migrate(older.db, [
        events!,
        { id: 'api/operators/001-events-request-id', sql: requestIdIndex!.sql },
      ]);
      expect(await migrate(older.db, eventStoreMigrations)).toEqual([
        requestIdIndex!.id,
        ...eventStoreMigrations.slice(2).map((migration) => migration.id),
      ]);
      const { rows } = await older.db.query(
        `SELECT 1 FROM pg_indexes WHERE indexname = 'events_request_id_idx'`,
      );
      expect(rows).toHaveLength(1);
    } finally {
      await older.drop();
    }
  });

  /** The plan of `query` when the planner may not scan: whether an index can serve it. */
  const planWithoutScans = (query: string): Promise<string> =>
    db.transaction(async (tx) => {
      // On a small table the planner prefers a scan anyway: ask whether the index can serve.
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  it('readByRequestId looks the request id up in an index, not by scanning the log', async () => {
    const plan = await planWithoutScans(
      `SELECT * FROM events WHERE metadata->>'requestId' = 'r'
       ORDER BY transaction_id, global_position`,
    );
    expect(plan).toContain('events_request_id_idx');
  });

  it('readByIdempotencyKeyId looks the key id up in a partial index, not by scanning the log', async () => {
    const plan = await planWithoutScans(
      `SELECT * FROM events WHERE metadata->>'idempotencyKeyId' = 'k'
       ORDER BY transaction_id, global_position`,
    );
    expect(plan).toContain('events_idempotency_key_id_idx');
  });

  it('a reused event id is a DuplicateEventIdError, not a concurrency conflict', async () => {
    const store = createPostgresEventStore(db);
    const events = oneEvent();
    await store.appendToStream(`dup-${randomUUID()}`, events, { expectedVersion: 'any' });
    await expect(
      store.appendToStream(`dup-${randomUUID()}`, events, { expectedVersion: 'any' }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
  });

  it('a multi-stream append names the stream whose event id is already stored, and writes nothing', async () => {
    const store = createPostgresEventStore(db);
    const stored = oneEvent();
    await store.appendToStream(`dup-${randomUUID()}`, stored, { expectedVersion: 'no_stream' });
    const [a, b] = [`dup-a-${randomUUID()}`, `dup-b-${randomUUID()}`];
    const error = await store
      .appendToStreams([
        { streamName: b, events: [...oneEvent(), ...stored], expectedVersion: 'no_stream' },
        { streamName: a, events: oneEvent(), expectedVersion: 'no_stream' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateEventIdError);
    expect(error).toMatchObject({ streamName: b });
    expect((await store.readStreams([a, b])).get(a)).toEqual([]);
    expect(await store.readStream(b)).toEqual([]);
  });

  it('a multi-stream append that carries one event id twice names the stream of its second use', async () => {
    const store = createPostgresEventStore(db);
    const twice = oneEvent();
    const [a, b] = [`twice-a-${randomUUID()}`, `twice-b-${randomUUID()}`];
    const error = await store
      .appendToStreams([
        { streamName: b, events: twice, expectedVersion: 'no_stream' },
        { streamName: a, events: [...oneEvent(), ...twice], expectedVersion: 'no_stream' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateEventIdError);
    expect(error).toMatchObject({ streamName: b });
    expect(await store.readStream(a)).toEqual([]);
  });

  it('appendToStreams of 200 streams and readStreams of them are one statement each', async () => {
    const { counted, texts } = countingQueries(db);
    const store = createPostgresEventStore(counted, { notify: 'off' });
    const names = Array.from({ length: 200 }, () => `one-${randomUUID()}`);
    await store.appendToStreams(
      names.map((streamName) => ({ streamName, events: oneEvent(), expectedVersion: 'no_stream' })),
    );
    expect(texts).toEqual([expect.stringContaining('FROM event_store_append_')]);
    const read = await store.readStreams(names);
    expect(texts).toHaveLength(2);
    expect(names.every((name) => read.get(name)?.length === 1)).toBe(true);
  });

  it.each(['after-commit', 'in-transaction'] as const)(
    "notify: '%s' wakes onAppended listeners",
    async (notify) => {
      const store = createPostgresEventStore(db, { notify });
      let calls = 0;
      const unsubscribe = await store.onAppended(() => (calls += 1));
      await store.appendToStreams([
        { streamName: `wake-${randomUUID()}`, events: oneEvent(), expectedVersion: 'no_stream' },
      ]);
      await eventually(() => calls > 0, { message: 'no wake-up' });
      await unsubscribe();
      await store.close();
    },
  );

  const serverOnly = hasPostgresServer() ? it : it.skip;
  serverOnly.each([
    [0, 'ConcurrencyError for the stream that lost, with its version'],
    ['any', 'a retry that succeeds'],
  ] as const)(
    `a multi-stream append that loses a race on a stream's unique index (expecting %s) gets %s${
      hasPostgresServer() ? '' : ` — skipped: ${needsServer}`
    }`,
    async (expectedVersion: 0 | 'any', _outcome: string) => {
      const store = createPostgresEventStore(db);
      // "a-…" sorts before "b-…": the conflict must be traced to the second stream of the call.
      const [mine, shared] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
      await store.appendToStream(shared, oneEvent(), { expectedVersion: 'no_stream' });
      let commitWinner: () => void = () => undefined;
      let winnerInserted: () => void = () => undefined;
      const inserted = new Promise<void>((resolve) => (winnerInserted = resolve));
      const winner = db.transaction(async (tx) => {
        await appendToStreamInTransaction(tx, {
          streamName: shared,
          events: oneEvent(),
          expectedVersion: 0,
        });
        winnerInserted();
        await new Promise<void>((resolve) => (commitWinner = resolve));
      });
      await inserted;
      // Reads head 0 (the winner has not committed), inserts version 1 and waits on the winner.
      const loser = store
        .appendToStreams([
          { streamName: mine, events: oneEvent(), expectedVersion: 'no_stream' },
          { streamName: shared, events: oneEvent(), expectedVersion },
        ])
        .catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 200));
      commitWinner();
      await winner;
      const outcome = await loser;
      if (expectedVersion === 'any') {
        expect(outcome).toEqual([
          expect.objectContaining({ nextExpectedVersion: 0 }),
          expect.objectContaining({ nextExpectedVersion: 2 }),
        ]);
      } else {
        expect(outcome).toBeInstanceOf(ConcurrencyError);
        expect(outcome).toMatchObject({ streamName: shared, expectedVersion: 0, actualVersion: 1 });
        expect(await store.readStream(mine)).toEqual([]);
      }
    },
  );

  itOnServer(
    'readAll holds back events committed after an older transaction that is still open',
    'it needs real concurrency (PGlite has one connection)',
    async () => {
      const store = createPostgresEventStore(db);
      const start = await store.headPosition();
      const tag = randomUUID();
      const ours = async () =>
        (await store.readAll({ after: start }))
          .filter((e) => e.streamName.endsWith(tag))
          .map((e) => e.streamName.split('-')[0]!);
      let finishOlder: () => void = () => undefined;
      let olderHasXid: () => void = () => undefined;
      const xidTaken = new Promise<void>((resolve) => (olderHasXid = resolve));
      const older = db.transaction(async (tx) => {
        // The older transaction takes its id first, then appends after the newer one committed.
        await tx.query('SELECT pg_current_xact_id()');
        olderHasXid();
        await new Promise<void>((resolve) => (finishOlder = resolve));
        return appendToStreamInTransaction(tx, {
          streamName: `older-${tag}`,
          events: oneEvent(),
          expectedVersion: 'no_stream',
        });
      });
      await xidTaken;
      const newer = await store.appendToStream(`newer-${tag}`, oneEvent(), {
        expectedVersion: 'no_stream',
      });
      expect(await ours()).toEqual([]);
      finishOlder();
      const olderResult = await older;
      expect(olderResult.position.commit).toBeLessThan(newer.position.commit);
      expect(olderResult.position.prepare).toBeGreaterThan(newer.position.prepare);
      let read: string[] = [];
      await eventually(async () => {
        read = await ours();
        return read.length === 2;
      });
      expect(read).toEqual(['older', 'newer']);
    },
  );
});
