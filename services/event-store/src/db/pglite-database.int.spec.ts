import { createPgliteDatabase } from './pglite-database';

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
});
