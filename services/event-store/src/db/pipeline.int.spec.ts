import pg from 'pg';
import type { TestDatabase } from '../testing';
import { createTestDatabase, describeOnServer, hasPostgresServer } from '../testing';
import type { Transaction } from './database';
import { TransactionAbortedError } from './database';
import { createPgDatabase } from './pg-database';
import { runPipeline } from './pg-pipeline';

jest.setTimeout(60_000);

const insert =
  'INSERT INTO piped (n, note, at, tags, doc, flag, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)';

describe(`Transaction.pipeline on ${hasPostgresServer() ? 'a Postgres server' : 'PGlite'}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.db.exec(`CREATE TABLE piped (
      n integer PRIMARY KEY, note text, at timestamptz, tags text[], doc jsonb, flag boolean, bytes bytea)`);
  });
  afterAll(() => testDb.drop());
  beforeEach(() => testDb.db.exec('TRUNCATE piped'));

  const rows = async () =>
    (await testDb.db.query<Record<string, unknown>>('SELECT * FROM piped ORDER BY n')).rows;

  it('runs the statements in order and sends each value as query() would', async () => {
    const values = (n: number) => [
      n,
      n % 2 === 0 ? `it's \\ "${n}"` : null,
      n % 3 === 0 ? new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123)) : '2025-03-01T10:00:00+02:00',
      n % 2 === 0 ? ['a,b', "it's", null, '{x}'] : [],
      n % 2 === 0 ? { a: [1, 'é'], b: null } : JSON.stringify('text'),
      n % 2 === 0,
      Buffer.from([0, n, 255]),
    ];
    await testDb.db.transaction(async (tx) => {
      const failure = await tx.pipeline([
        ...Array.from({ length: 300 }, (_, n) => ({ text: insert, params: values(n) })),
        { text: 'UPDATE piped SET note = $2 WHERE n = $1', params: [7, 'seven'] },
        { text: 'DELETE FROM piped WHERE n >= $1', params: [290] },
        { text: 'UPDATE piped SET note = note || $2 WHERE n = $1', params: [7, ' again'] },
      ]);
      expect(failure).toBeUndefined();
    });
    const piped = await rows();
    await testDb.db.exec('TRUNCATE piped');
    for (let n = 0; n < 290; n += 1) await testDb.db.query(insert, values(n));
    await testDb.db.query(`UPDATE piped SET note = 'seven again' WHERE n = 7`);
    expect(piped).toEqual(await rows());
    expect(piped).toHaveLength(290);
  });

  it('stops at the first failing statement and says which it was', async () => {
    const outcome = await testDb.db
      .transaction(async (tx) => {
        const failure = await tx.pipeline([
          { text: insert, params: [1, 'one', null, null, null, null, null] },
          { text: insert, params: [2, 'two', null, null, null, null, null] },
          { text: insert, params: [3, 'three', 'not a time', null, null, null, null] },
          { text: insert, params: [4, 'four', null, null, null, null, null] },
        ]);
        expect(failure).toMatchObject({
          index: 2,
          error: expect.objectContaining({ code: '22007' }) as unknown,
        });
        // The transaction is aborted, as after any failed query: it cannot commit.
        await expect(tx.query('SELECT 1')).rejects.toMatchObject({ code: '25P02' });
        return 'committed';
      })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(await rows()).toEqual([]);
  });

  it('fails the statement whose value the driver cannot send, after those before it ran', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await testDb.db.transaction(async (tx) => {
      const failure = await tx.pipeline([
        { text: insert, params: [1, 'one', null, null, null, null, null] },
        { text: insert, params: [2, 'two', null, null, circular, null, null] },
        { text: insert, params: [3, 'three', null, null, null, null, null] },
      ]);
      expect(failure).toMatchObject({ index: 1, error: expect.any(TypeError) as unknown });
      await tx.query('SELECT 1'); // not aborted: statement 2 never reached the server
    });
    expect((await rows()).map((row) => row.n)).toEqual([1]);
  });

  it('is empty-handed for no statements', async () => {
    await testDb.db.transaction(async (tx) => {
      expect(await tx.pipeline([])).toBeUndefined();
    });
  });

  const note = (n: number, text: string) => ({
    text: insert,
    params: [n, text, null, null, null, null, null],
  });
  const badTime = { text: insert, params: [9, 'bad', 'not a time', null, null, null, null] };

  it('runs the prelude after BEGIN; a failing one fails the first statement and leaves nothing', async () => {
    await testDb.db.transaction((tx) => tx.query(note(2, 'two').text, note(2, 'two').params), {
      prelude: [note(1, 'one')],
    });
    expect((await rows()).map((row) => row.n)).toEqual([1, 2]);
    const failed = testDb.db.transaction((tx) => tx.pipeline([note(3, 'three')]), {
      prelude: [badTime],
    });
    await expect(failed).rejects.toMatchObject({ code: '22007' });
    expect((await rows()).map((row) => row.n)).toEqual([1, 2]);
  });

  it('commits with a pipeline that asks to, and reads back the rows it was asked for', async () => {
    let read: unknown[] = [];
    await testDb.db.transaction(async (tx) => {
      const failure = await tx.pipeline(
        [note(1, 'one'), { text: 'SELECT n, note, now() AS at FROM piped' }, note(2, 'two')],
        { commit: true, read: { index: 1, onRows: (rows) => (read = rows) } },
      );
      expect(failure).toBeUndefined();
    });
    expect(read).toEqual([{ n: 1, note: 'one', at: expect.any(Date) as unknown }]);
    expect((await rows()).map((row) => row.n)).toEqual([1, 2]);
    const failed = testDb.db.transaction(async (tx) => {
      const failure = await tx.pipeline([note(3, 'three'), badTime], { commit: true });
      expect(failure).toMatchObject({ index: 1, error: { code: '22007' } });
    });
    // Not committed: the transaction is aborted, and COMMIT is answered with ROLLBACK.
    await expect(failed).rejects.toBeInstanceOf(TransactionAbortedError);
    expect((await rows()).map((row) => row.n)).toEqual([1, 2]);
  });

  it('runs a transaction that is one committing pipeline whole or not at all, a value it cannot send included', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const unsendable = testDb.db.transaction(async (tx) => {
      const failure = await tx.pipeline(
        [note(1, 'one'), { text: insert, params: [2, 'two', null, null, circular, null, null] }],
        { commit: true },
      );
      expect(failure).toMatchObject({ index: 1, error: expect.any(TypeError) as unknown });
      // It has ended: a statement now would run outside it, so it is refused.
      await expect(tx.query('SELECT 1')).rejects.toThrow(/has ended/);
    });
    await expect(unsendable).rejects.toBeInstanceOf(TransactionAbortedError);
    expect(await rows()).toEqual([]);
    await testDb.db.transaction(async (tx) => {
      expect(await tx.pipeline([note(1, 'one')], { commit: true })).toBeUndefined();
      await expect(tx.pipeline([note(2, 'two')])).rejects.toThrow(/has ended/);
    });
    expect((await rows()).map((row) => row.n)).toEqual([1]);
  });

  it('refuses to commit work that went on after a failed statement', async () => {
    const outcome = testDb.db.transaction(async (tx) => {
      await tx.query(note(1, 'one').text, note(1, 'one').params);
      await tx.query(badTime.text, badTime.params).catch(() => 'ignored');
    });
    await expect(outcome).rejects.toBeInstanceOf(TransactionAbortedError);
    expect(await rows()).toEqual([]);
  });
});

const upsert =
  'INSERT INTO piped (n, note) VALUES ($1, $2) ON CONFLICT (n) DO UPDATE SET note = $2';

/** A test database of the describe block it is called in, with a table of numbered notes. */
function notesDatabase(): () => TestDatabase {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.db.exec(`CREATE TABLE piped (n integer PRIMARY KEY, note text)`);
  });
  afterAll(() => testDb.drop());
  return () => testDb;
}

describeOnServer('Transaction.pipeline on the wire', 'PGlite runs in process', () => {
  const notes = notesDatabase();

  it('is answered once for a thousand statements', async () => {
    const client = new pg.Client({ connectionString: notes().url! });
    await client.connect();
    try {
      await client.query('BEGIN');
      let answers = 0;
      client.connection.on('readyForQuery', () => (answers += 1));
      const failure = await runPipeline(
        client,
        Array.from({ length: 1000 }, (_, n) => ({ text: upsert, params: [n, `note ${n}`] })),
      );
      expect(failure).toBeUndefined();
      expect(answers).toBe(1);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const { rows } = await notes().db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM piped',
    );
    expect(rows).toEqual([{ count: 1000 }]);
  });

  it('holds the prelude to the end of a transaction that is one committing pipeline, and leaves nothing open', async () => {
    const db = createPgDatabase({ connectionString: notes().url!, max: 1 });
    const lockHeld = `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND pid = pg_backend_pid()`;
    try {
      let held: unknown[] = [];
      await db.transaction(
        (tx) =>
          tx.pipeline([{ text: upsert, params: [1, 'a'] }, { text: lockHeld }], {
            commit: true,
            read: { index: 1, onRows: (rows) => (held = rows) },
          }),
        { prelude: [{ text: 'SELECT pg_advisory_xact_lock(42)' }] },
      );
      expect(held).toEqual([{ n: 1 }]);
      // Committed and released: the same connection holds no lock, and is in no transaction.
      // (A transaction left open would have begun before this statement did.)
      const after = await db.query<{ n: number; fresh: boolean }>(
        `SELECT (${lockHeld}) AS n, now() = statement_timestamp() AS fresh`,
      );
      expect(after.rows).toEqual([{ n: 0, fresh: true }]);
      expect((await db.query('SELECT n, note FROM piped WHERE n = 1')).rows).toEqual([
        { n: 1, note: 'a' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('leaves no prepared statement on the connection, even after a pipeline failed', async () => {
    const db = createPgDatabase({ connectionString: notes().url!, max: 1 });
    const prepared = async () =>
      (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows;
    try {
      const failing = (tx: Transaction) =>
        tx.pipeline([
          { text: upsert, params: [1, 'a'] },
          { text: upsert, params: [2, 'b'] },
          { text: 'UPDATE piped SET n = $1 WHERE n = 1', params: ['not a number'] },
          { text: upsert, params: [3, 'c'] },
        ]);
      for (let round = 0; round < 3; round += 1) {
        const outcome = await db.transaction(async (tx) => {
          await tx.query('SAVEPOINT attempt');
          const result = await failing(tx);
          await tx.query('ROLLBACK TO SAVEPOINT attempt');
          return result;
        });
        expect(outcome).toMatchObject({
          index: 2,
          error: expect.objectContaining({ code: '22P02' }) as unknown,
        });
      }
      // Names of a failed pipeline may outlive it until the next one on the connection.
      await db.transaction((tx) => tx.pipeline([{ text: upsert, params: [9, 'z'] }]));
      expect(await prepared()).toEqual([]);
      await db.transaction((tx) =>
        tx.pipeline([
          { text: upsert, params: [9, 'y'] },
          { text: upsert, params: [10, 'x'] },
        ]),
      );
      expect(await prepared()).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe(`Named statements on ${hasPostgresServer() ? 'a Postgres server' : 'PGlite'}`, () => {
  const notes = notesDatabase();

  it('prepares a named statement once per connection, and again only after its Parse failed', async () => {
    // PGlite has one connection: the test database's own.
    const { url, db: own } = notes();
    const db = url ? createPgDatabase({ connectionString: url, max: 1 }) : own;
    const prepared = async () =>
      (
        await db.query<{ name: string; at: string }>(
          'SELECT name, prepare_time::text AS at FROM pg_prepared_statements ORDER BY name',
        )
      ).rows;
    const named = (n: unknown, note: string) => ({
      text: upsert,
      params: [n, note],
      name: 'upsert',
    });
    try {
      await db.transaction((tx) => tx.pipeline([named(1, 'a'), named(2, 'b')]));
      const [first, ...others] = await prepared();
      expect(first?.name).toBe('named_upsert');
      expect(others).toEqual([]);
      // Not parsed again: the same statement, prepared when it was first used.
      await db.transaction((tx) => tx.pipeline([named(3, 'c')], { commit: true }));
      expect(await prepared()).toEqual([first]);
      // A pipeline that fails at the named statement: on a server it is closed by the next one,
      // and parsed anew when used again; PGlite knows it was parsed (its ParseComplete came).
      const failure = await db.transaction(async (tx) => {
        await tx.query('SAVEPOINT attempt');
        const result = await tx.pipeline([
          { text: 'UPDATE piped SET note = $1 WHERE n = 1', params: ['x'] },
          named('not a number', 'x'),
        ]);
        await tx.query('ROLLBACK TO SAVEPOINT attempt');
        return result;
      });
      expect(failure?.index).toBe(1);
      await db.transaction((tx) => tx.pipeline([named(4, 'd'), named(5, 'e')]));
      const { rows } = await db.query('SELECT n FROM piped WHERE n BETWEEN 1 AND 5');
      expect(rows).toHaveLength(5);
      expect((await prepared()).map(({ name }) => name)).toEqual(['named_upsert']);
      // One name stands for one text.
      const misuse = await db.transaction((tx) =>
        tx.pipeline([{ text: 'SELECT 1', name: 'upsert' }]),
      );
      expect(String(misuse?.error)).toContain("'upsert' stands for another text");
      // A Parse that fails prepares nothing, and the name can be parsed again.
      const unparsable = { text: 'SELEC 1', name: 'typo' };
      for (let round = 0; round < 2; round += 1) {
        const typo = await db.transaction(async (tx) => {
          await tx.query('SAVEPOINT attempt');
          const result = await tx.pipeline([unparsable]);
          await tx.query('ROLLBACK TO SAVEPOINT attempt');
          return result;
        });
        expect(typo).toMatchObject({
          index: 0,
          error: expect.objectContaining({ code: '42601' }) as unknown,
        });
      }
      expect((await prepared()).map(({ name }) => name)).toEqual(['named_upsert']);
    } finally {
      if (db !== own) await db.close();
    }
  });
});
