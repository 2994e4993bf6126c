import { randomUUID } from 'node:crypto';
import type { Database } from './db';
import { migrate } from './db';
import type { EventStore, RecordedEvent } from './event-store';
import { comparePositions } from './event-store';
import { createPostgresEventStore, eventStoreMigrations } from './postgres';
import { createProjectionRunner, projectionMigrations } from './projections';
import type { Projection } from './projections';
import { singleStreamWhenRequested } from './single-stream';
import type { TestDatabase } from './testing';
import { createTestDatabase, eventually, hasPostgresServer } from './testing';
import { upcastOnRead } from './upcasting';

jest.setTimeout(60_000);

// A test-only registration: `Renamed` version 1 kept `name`, version 2 calls it `title`.
const renamedUpcast = {
  type: 'Renamed',
  fromVersion: 1,
  upcast: (data: unknown) => ({ title: (data as { name: string }).name }),
};

const titlesOf = (events: readonly RecordedEvent[]) =>
  events.map((event) => [event.schemaVersion, event.data]);

describe(`old event versions upcast on read, ${hasPostgresServer() ? 'on a Postgres server' : 'in-process PGlite'}`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let stored: EventStore;
  let store: EventStore;
  const streamName = `renamed-${randomUUID()}`;
  const requestId = `req-${randomUUID()}`;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    await db.exec('CREATE TABLE titles (event_id uuid PRIMARY KEY, title text NOT NULL)');
    stored = singleStreamWhenRequested(createPostgresEventStore(db));
    store = upcastOnRead(stored, [renamedUpcast]);
    const { position } = await stored.appendToStream(
      streamName,
      [
        { type: 'Renamed', schemaVersion: 1, data: { name: 'old' }, metadata: { requestId } },
        { type: 'Renamed', schemaVersion: 2, data: { title: 'new' }, metadata: { requestId } },
      ],
      { expectedVersion: 'no_stream' },
    );
    // On a shared server another test's open transaction holds back what readAll returns.
    await eventually(async () => comparePositions(await store.headPosition(), position) >= 0);
  });
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  const expected = [
    [2, { title: 'old' }],
    [2, { title: 'new' }],
  ];

  it('are kept as stored: nothing is rewritten', async () => {
    expect(titlesOf(await stored.readStream(streamName))).toEqual([
      [1, { name: 'old' }],
      [2, { title: 'new' }],
    ]);
  });

  it('read by stream, by several streams, by request and from the whole log', async () => {
    expect(titlesOf(await store.readStream(streamName))).toEqual(expected);
    expect(titlesOf((await store.readStreams([streamName])).get(streamName) ?? [])).toEqual(
      expected,
    );
    expect(titlesOf(await store.readByRequestId(requestId))).toEqual(expected);
    const all = (await store.readAll()).filter((event) => event.streamName === streamName);
    expect(titlesOf(all)).toEqual(expected);
  });

  it('reach the projection runner in their newest shape', async () => {
    const titles: Projection<{ type: 'Renamed'; schemaVersion: number; data: { title: string } }> =
      {
        name: `titles-${randomUUID()}`,
        version: 1,
        handles: ['Renamed'],
        apply: (event) => [
          {
            text: 'INSERT INTO titles (event_id, title) VALUES ($1, $2)',
            params: [event.id, event.data.title],
          },
        ],
      };
    const runner = createProjectionRunner({ db, store, projections: [titles], pollMs: 50 });
    await runner.start();
    try {
      expect(await runner.waitFor(await store.headPosition(), 10_000)).toBe(true);
      const { rows } = await db.query<{ title: string }>('SELECT title FROM titles ORDER BY title');
      expect(rows.map((row) => row.title)).toEqual(['new', 'old']);
    } finally {
      await runner.stop();
    }
  });
});
