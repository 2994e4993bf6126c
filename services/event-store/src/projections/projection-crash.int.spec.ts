import { resolve } from 'node:path';
import { migrate } from '../db';
import type { NewEvent } from '../event-store';
import { createPostgresEventStore, eventStoreMigrations } from '../postgres';
import type { TestDatabase } from '../testing';
import { createTestDatabase, describeOnServer, spawnTypeScript } from '../testing';
import { projectionMigrations } from './migrations';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

const worker = resolve(__dirname, '../testing/projection-crash-worker.ts');
const total = 400;
const batchSize = 50;

describeOnServer(
  'projection runner crash recovery',
  'a killed process cannot share in-process PGlite',
  () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await createTestDatabase();
      await migrate(testDb.db, [...eventStoreMigrations, ...projectionMigrations]);
      await testDb.db.exec(
        'CREATE TABLE applications (event_id uuid PRIMARY KEY, applied integer NOT NULL)',
      );
      const store = createPostgresEventStore(testDb.db);
      const counted: NewEvent[] = Array.from({ length: total }, (_, i) => ({
        type: 'Counted',
        data: { i },
      }));
      for (let i = 0; i < total; i += 100) {
        await store.appendToStream('crash-stream', counted.slice(i, i + 100), {
          expectedVersion: 'any',
        });
      }
      await store.close();
    });
    afterAll(() => testDb.drop());

    it('a worker killed with SIGKILL mid-batch resumes on restart without applying any event twice', async () => {
      const env = {
        WORKER_DATABASE_URL: testDb.url!,
        BATCH_SIZE: String(batchSize),
        EVENTS_TOTAL: String(total),
      };
      const first = spawnTypeScript(worker, [], { ...env, APPLY_DELAY_MS: '5' });
      // Halfway through the third batch: two batches committed, the third one open.
      await first.waitForOutput(new RegExp(`^applying ${2 * batchSize + batchSize / 2}$`, 'm'));
      first.kill('SIGKILL');
      const { signal } = await first.exited;
      expect(signal).toBe('SIGKILL');

      const afterCrash = await testDb.db.query<{ applied: number; events: number }>(
        'SELECT count(*)::int AS events, coalesce(max(applied), 0) AS applied FROM applications',
      );
      const committed = afterCrash.rows[0]!.events;
      expect(committed % batchSize).toBe(0);
      expect(committed).toBeGreaterThanOrEqual(2 * batchSize);
      expect(committed).toBeLessThan(total);
      const checkpoint = await testDb.db.query<{ prepare: number }>(
        `SELECT prepare FROM projection_checkpoints WHERE name = 'crash-counter'`,
      );
      expect(checkpoint.rows[0]?.prepare).toBe(committed);

      const second = spawnTypeScript(worker, [], env);
      await second.waitForOutput(/^caught-up$/m);
      const { code } = await second.exited;
      expect(code).toBe(0);

      const { rows } = await testDb.db.query<{ events: number; min: number; max: number }>(
        'SELECT count(*)::int AS events, min(applied) AS min, max(applied) AS max FROM applications',
      );
      expect(rows[0]).toEqual({ events: total, min: 1, max: 1 });
    });
  },
);
