import {
  catchUpInline,
  createInlineProjector,
  createPostgresEventStore,
  migrate,
  readCheckpoints,
  sharedWriters,
} from '@brand-api/event-store';
import type { Database, EventStore } from '@brand-api/event-store';
import { createTestDatabase, hasPostgresServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { brandsMigrations, brandsProjection } from '../brands';
import { brandActivity, brandsRebuildMigrations } from './bench/brand-activity';
import { createLogStats } from './log-stats';
import type { ReadModel } from './read-model';
import { rebuildReadModel, verifyReadModel } from './rebuild';

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';
const brands: ReadModel = { projection: brandsProjection, migrations: brandsMigrations };

jest.setTimeout(120_000);

describe(`shadow rebuild of a projection applied inline, on ${where}`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let store: EventStore;
  let nextBrand = 0;

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  const appendBrand = () => store.appendToStreams(brandActivity(nextBrand++, { keysPerBrand: 2 }));

  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 12 });
    db = testDb.db;
    await migrate(db, brandsRebuildMigrations);
    const inline = createInlineProjector([brandsProjection], { writers: sharedWriters });
    store = createPostgresEventStore(db, { inline });
    await catchUpInline(db, store, inline);
  });
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  /**
   * A Postgres server only: embedded PGlite runs every statement on one in-process connection,
   * whose answers resolve as microtasks, so a writer looping on it starves the timers the rebuild
   * waits on and the run never ends (seen in CI). The PGlite swap under a steady writer is still to
   * be proven (issue 24).
   */
  const onServer = hasPostgresServer() ? it : it.skip;

  onServer(
    'loses no write made during the rebuild, and holds writes only for the swap (needs a server: one PGlite connection cannot serve a concurrent writer)',
    async () => {
      for (let i = 0; i < 40; i += 1) await appendBrand();
      // A steady writer for the whole rebuild: every acknowledged brand must be in the swapped tables.
      let writing = true;
      let acknowledged = 40;
      const writer = (async () => {
        while (writing) {
          await appendBrand();
          acknowledged += 1;
          // Let timers and I/O run between writes, as requests arriving over sockets do.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      let result;
      try {
        // A drifted row, so that the swap shows: the rebuilt tables restore it.
        await db.query(`UPDATE brands SET name = 'edited by hand'`);
        result = await rebuildReadModel({
          db,
          store,
          readModel: brands,
          batchSize: 25,
          logStats: createLogStats(store),
          // A few writes land between the replay and the swap.
          beforeAlignAttempt: () => new Promise((resolve) => setTimeout(resolve, 50)),
        });
      } finally {
        writing = false;
        await writer;
      }
      expect(result.writesHeldMs).toBeGreaterThanOrEqual(0);
      console.log(
        `inline rebuild of ${result.eventsDone} events under a steady writer (${where}): ` +
          `writes held ${result.writesHeldMs!.toFixed(1)} ms for the swap`,
      );
      expect(acknowledged).toBeGreaterThan(40);
      expect(await count('brands')).toBe(acknowledged);
      expect(await count('api_keys')).toBe(acknowledged * 2);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM brands WHERE name = 'edited by hand'`,
      );
      expect(rows[0]!.n).toBe(0);
      // Still inline after the swap; the next write lands in the new tables.
      expect((await readCheckpoints(db, ['brands']))[0]).toMatchObject({ status: 'inline' });
      await appendBrand();
      expect(await count('brands')).toBe(acknowledged + 1);

      const verified = await verifyReadModel({
        db,
        store,
        readModel: brands,
        logStats: createLogStats(store),
      });
      expect(verified.drift).toBe(false);
    },
  );
});
