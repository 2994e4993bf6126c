import { randomUUID } from 'node:crypto';
import {
  applyEachStatement,
  createPostgresEventStore,
  createProjectionRunner,
  eventStoreMigrations,
  migrate,
  projectionMigrations,
} from '@brand-api/event-store';
import type { Projection } from '@brand-api/event-store';
import { createTestDatabase, eventually, hasPostgresServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { liveApplier } from './live-apply';

jest.setTimeout(60_000);

/** One row per 'Noted' event; a note of 'boom' breaks its INSERT (NOT NULL). */
const notes = (name: string): Projection => ({
  name,
  version: 1,
  handles: ['Noted'],
  apply: (event) => {
    const { n, text } = event.data as { n: number; text: string };
    return [
      {
        text: `INSERT INTO live_notes (projection, n, text) VALUES ($1, $2, $3)
               ON CONFLICT (projection, n) DO NOTHING`,
        params: [name, n, text === 'boom' ? null : text],
      },
    ];
  },
});

describe(`the live projection runner's applier on ${hasPostgresServer() ? 'a Postgres server' : 'PGlite'}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 10 });
    await migrate(testDb.db, [...eventStoreMigrations, ...projectionMigrations]);
    await testDb.db.exec(
      `CREATE TABLE live_notes (projection text, n integer, text text NOT NULL, PRIMARY KEY (projection, n))`,
    );
  });
  afterAll(() => testDb.drop());

  it('is one statement per query on PGlite and batched on a server', () => {
    expect(liveApplier('pglite')).toBe(applyEachStatement);
    expect(liveApplier('postgres')).not.toBe(applyEachStatement);
  });

  it('applies every event of a burst, and a failing event is named after the batch rolls back', async () => {
    const store = createPostgresEventStore(testDb.db);
    const name = `notes-${randomUUID()}`;
    const errors: unknown[] = [];
    const runner = createProjectionRunner({
      db: testDb.db,
      store,
      projections: [notes(name)],
      batchSize: 100,
      pollMs: 50,
      applyEvents: liveApplier(testDb.db.kind),
      onError: (error) => errors.push(error),
    });
    try {
      const stream = `notes-${randomUUID()}`;
      const burst = Array.from({ length: 250 }, (_, n) => ({
        type: 'Noted',
        data: { n, text: `note ${n}` },
      }));
      const { position } = await store.appendToStream(stream, burst, { expectedVersion: 'any' });
      await runner.start();
      expect(await runner.waitFor(position, 20_000)).toBe(true);
      const { rows } = await testDb.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM live_notes WHERE projection = $1',
        [name],
      );
      expect(rows[0]?.count).toBe(250);

      const broken = await store.appendToStream(
        stream,
        [
          { type: 'Noted', data: { n: 250, text: 'fine' } },
          { type: 'Noted', data: { n: 251, text: 'boom' } },
        ],
        { expectedVersion: 'any' },
      );
      await eventually(() => errors.length > 0);
      expect(String(errors[0])).toMatch(new RegExp(`${name}.*Noted|Noted.*${name}`, 's'));
      expect((errors[0] as { event?: { streamVersion?: number } }).event?.streamVersion).toBe(251);
      // The batch is all or nothing: the good event before the bad one is not applied either.
      const after = await testDb.db.query<{ n: number }>(
        'SELECT n FROM live_notes WHERE projection = $1 AND n >= 250',
        [name],
      );
      expect(after.rows).toEqual([]);
      expect(await runner.waitFor(broken.position, 200)).toBe(false);
    } finally {
      await runner.stop();
      await store.close();
    }
  });
});
