import { migrate } from './db';
import {
  appendToStreamInTransaction,
  createPostgresEventStore,
  eventStoreMigrations,
} from './postgres';
import { refuseMultiStreamAppends, singleStreamWhenRequested } from './single-stream';
import { createTestDatabase, describeEventStoreConformance, hasPostgresServer } from './testing';

jest.setTimeout(60_000);

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';

// The mode EVENT_STORE_SINGLE_STREAM=true switches on: the Postgres store keeps every promise of
// the port but refuses multi-stream appends exactly as EventStoreDB does, so the one-stream-at-
// a-time command path runs here although no EventStoreDB server can.
describeEventStoreConformance(
  `Postgres adapter refusing multi-stream appends on ${where}`,
  async () => {
    const testDb = await createTestDatabase({ poolSize: 20 });
    await migrate(testDb.db, eventStoreMigrations);
    const postgres = createPostgresEventStore(testDb.db);
    return {
      store: refuseMultiStreamAppends(postgres),
      appendSlowly: (append, holdMs) =>
        testDb.db.transaction(async (tx) => {
          const result = await appendToStreamInTransaction(tx, append);
          await tx.query('SELECT pg_sleep($1)', [holdMs / 1000]);
          return result;
        }),
      async close() {
        await postgres.close();
        await testDb.drop();
      },
    };
  },
  {
    multiStreamAppend: false,
    naiveReaderUnavailable: 'shown by the Postgres adapter’s own conformance run',
  },
);

describe('EVENT_STORE_SINGLE_STREAM', () => {
  const store = {} as Parameters<typeof singleStreamWhenRequested>[0];
  it('wraps the store when true or 1, and leaves it as it is otherwise', () => {
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: 'true' })).not.toBe(store);
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: '1' })).not.toBe(store);
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: 'false' })).toBe(store);
    expect(singleStreamWhenRequested(store, {})).toBe(store);
  });
});
