import type { TestDatabase } from '../testing';
import { createTestDatabase, eventually, describeOnServer } from '../testing';
import { createPgDatabase } from './pg-database';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

describeOnServer('pg database when connections die', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  const terminate = (where: string) =>
    testDb.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
    );

  it('ends a transaction left idle longer than idleInTransactionTimeoutMs, without crashing', async () => {
    const db = createPgDatabase({
      connectionString: testDb.url!,
      max: 1,
      idleInTransactionTimeoutMs: 200,
    });
    try {
      const outcome = db.transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        await new Promise((resolve) => setTimeout(resolve, 600));
        await tx.query('SELECT 1');
      });
      await expect(outcome).rejects.toThrow();
      // The pool replaced the dead connection.
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('listens again after its connection is killed, and says so with a wake-up', async () => {
    const db = createPgDatabase({ connectionString: testDb.url!, max: 3 });
    const payloads: string[] = [];
    const unlisten = await db.listen('survivor', (payload) => payloads.push(payload));
    try {
      await terminate(`query LIKE 'LISTEN%'`);
      await eventually(() => payloads.includes(''), { message: 'no wake-up after reconnecting' });
      await db.query(`SELECT pg_notify('survivor', 'after')`);
      await eventually(() => payloads.includes('after'), {
        message: 'no notification after reconnecting',
      });
    } finally {
      await unlisten();
      await db.close();
    }
  });

  it('a lock whose connection is killed is gone, and the process survives', async () => {
    const db = createPgDatabase({ connectionString: testDb.url!, max: 3 });
    try {
      const lock = await db.tryLock('fragile');
      expect(lock).not.toBeNull();
      expect(await db.tryLock('fragile')).toBeNull();
      await terminate(`query LIKE '%pg_try_advisory_lock%'`);
      await eventually(async () => {
        // The pool may first hand out an idle connection that was killed too.
        const again = await db.tryLock('fragile').catch(() => null);
        await again?.release();
        return again !== null;
      });
      // Already returned to the pool when its connection died: releasing is a no-op, and
      // closing the pool below does not wait for it forever.
      await lock!.release();
    } finally {
      await db.close();
    }
  });
});
