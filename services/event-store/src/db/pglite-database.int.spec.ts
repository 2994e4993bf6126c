import { pgliteTemplate } from '../testing/pglite-template';
import { createPgliteDatabase, embeddedPostgresSettings } from './pglite-database';

describe('PGlite database', () => {
  it('reports rowCount like pg: rows returned by a SELECT, rows touched by DML', async () => {
    const db = await createPgliteDatabase();
    await db.exec('CREATE TABLE t (n int)');
    expect((await db.query('INSERT INTO t VALUES (1), (2), (3)')).rowCount).toBe(3);
    expect((await db.query('SELECT n FROM t WHERE n > 1')).rowCount).toBe(2);
    const inTx = await db.transaction((tx) => tx.query('UPDATE t SET n = n + 1 WHERE n < 3'));
    expect(inTx.rowCount).toBe(2);
    await db.close();
  });

  it('opens in memory from a template with the embedded settings and int8 parser, as on disk', async () => {
    const db = await createPgliteDatabase(undefined, { from: await pgliteTemplate() });
    try {
      const { rows } = await db.query<{ buffers: string; big: unknown }>(
        `SELECT current_setting('shared_buffers') AS buffers, 9007199254740993::int8 AS big`,
      );
      expect(embeddedPostgresSettings).toContain(`shared_buffers = ${rows[0]!.buffers}`);
      // Parsed by ours (a number, as pg is configured), not PGlite's own (a bigint past 2^53).
      expect(typeof rows[0]!.big).toBe('number');
    } finally {
      await db.close();
    }
  });
});

describe('PGlite text', () => {
  it('reads back a value that starts with a byte order mark as written (scripts/pglite-keep-bom.cjs)', async () => {
    const db = await createPgliteDatabase();
    const written = '\ufeffshirt-1';
    const { rows } = await db.query<{ value: string; inJson: string }>(
      `SELECT $1::text AS value, jsonb_build_object('v', $1::text)->>'v' AS "inJson"`,
      [written],
    );
    expect(rows[0]).toEqual({ value: written, inJson: written });
    await db.close();
  });
});
