import { randomUUID } from 'node:crypto';
import { migrate } from '../db';
import type { Database } from '../db';
import { DuplicateEventIdError } from '../event-store';
import type { NewEvent } from '../event-store';
import type { TestDatabase } from '../testing';
import {
  createTestDatabase,
  describeEventStoreConformance,
  eventually,
  hasPostgresServer,
} from '../testing';
import { appendToStreamInTransaction } from './append-sql';
import { eventStoreMigrations } from './migrations';
import { createPostgresEventStore } from './postgres-event-store';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';
const needsServer =
  'needs real concurrency: set TEST_DATABASE_URL to run it on a Postgres server (PGlite has one connection)';

describeEventStoreConformance(
  `Postgres adapter on ${where}`,
  async () => {
    const testDb = await createTestDatabase({ poolSize: 20 });
    await migrate(testDb.db, eventStoreMigrations);
    const store = createPostgresEventStore(testDb.db);
    return {
      store,
      appendSlowly: (append, holdMs) =>
        testDb.db.transaction(async (tx) => {
          const result = await appendToStreamInTransaction(tx, append);
          await tx.query('SELECT pg_sleep($1)', [holdMs / 1000]);
          return result;
        }),
      async readByGlobalPosition(after, limit) {
        const { rows } = await testDb.db.query<{ id: string; global_position: number }>(
          `SELECT event_id AS id, global_position FROM events
           WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
          [after, limit],
        );
        return rows.map((row) => ({ id: row.id, globalPosition: row.global_position }));
      },
      async close() {
        await store.close();
        await testDb.drop();
      },
    };
  },
  {
    multiStreamAppend: true,
    naiveReaderUnavailable: hasPostgresServer() ? undefined : needsServer,
  },
);

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

  it('a reused event id is a DuplicateEventIdError, not a concurrency conflict', async () => {
    const store = createPostgresEventStore(db);
    const events = oneEvent();
    await store.appendToStream(`dup-${randomUUID()}`, events, { expectedVersion: 'any' });
    await expect(
      store.appendToStream(`dup-${randomUUID()}`, events, { expectedVersion: 'any' }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
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
  serverOnly(
    `readAll holds back events committed after an older transaction that is still open${
      hasPostgresServer() ? '' : ` — skipped: ${needsServer}`
    }`,
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
