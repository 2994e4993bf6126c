import { migrate } from '@brand-api/event-store';
import { createTestDatabase } from '@brand-api/event-store/testing';
import { allMigrations } from './migrations';

jest.setTimeout(60_000);

describe('allMigrations', () => {
  it('have unique ids and apply once: a second run changes nothing', async () => {
    const ids = allMigrations.map((migration) => migration.id);
    expect(new Set(ids).size).toBe(ids.length);
    const { db, drop } = await createTestDatabase();
    try {
      expect(await migrate(db, allMigrations)).toEqual(ids);
      expect(await migrate(db, allMigrations)).toEqual([]);
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM schema_migrations',
      );
      expect(rows[0]?.count).toBe(ids.length);
    } finally {
      await drop();
    }
  });
});
