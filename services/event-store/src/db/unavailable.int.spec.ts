import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TcpProxy, TestDatabase } from '../testing';
import { createTestDatabase, describeOnServer, eventually, startTcpProxy } from '../testing';
import type { Database } from './database';
import { createPgDatabase, databaseBounds } from './pg-database';
import { isDatabaseUnavailable } from './unavailable';

jest.setTimeout(60_000);

/** The error a promise rejects with. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable, on errors the database really gives', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.db.exec('CREATE TABLE once (id int PRIMARY KEY); INSERT INTO once VALUES (1)');
  });
  afterAll(() => testDb.drop());

  it.each([
    ['a syntax error', 'SELEC 1'],
    ['a unique violation', 'INSERT INTO once VALUES (1)'],
    ['an out-of-range value', 'SELECT 2147483648::int'],
    ['an unknown table', 'SELECT * FROM missing'],
  ])('is false for %s: the statement is at fault, not the database', async (_what, sql) => {
    expect(isDatabaseUnavailable(await failureOf(testDb.db.query(sql)))).toBe(false);
  });

  it('is false for what is not a database error', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describeOnServer('isDatabaseUnavailable when the server is out of reach', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('is true when nothing listens where the server should be', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const url = new URL(testDb.url!);
    url.host = `127.0.0.1:${port}`;
    const db = createPgDatabase({ connectionString: url.toString(), max: 1 });
    try {
      const error = await failureOf(db.query('SELECT 1'));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('is true when the server ends the session (57P01, as on shutdown)', async () => {
    const db = createPgDatabase({
      connectionString: testDb.url!,
      max: 1,
      applicationName: 'doomed',
    });
    try {
      const sleeping = failureOf(db.query('SELECT pg_sleep(30)'));
      await eventually(async () => {
        const { rows } = await testDb.db.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE application_name = 'doomed' AND query LIKE 'SELECT pg_sleep%'`,
        );
        return rows.some((row) => row.ended);
      });
      const error = await sleeping;
      expect(error).toMatchObject({ code: '57P01' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await db.close();
    }
  });
});

/**
 * A server that goes silent without a reset (a network cut, a frozen proxy): every kind of
 * call a request or a worker makes fails within the pool's bounds as "unavailable", and the
 * same pool serves again once the server answers.
 */
describeOnServer('a pool whose server goes silent', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let db: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.db.exec('CREATE TABLE kept (id int PRIMARY KEY)');
    const url = new URL(testDb.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    db = createPgDatabase({ connectionString: url.toString(), max: 2 });
  });
  afterAll(async () => {
    proxy.resume();
    await db.close();
    await proxy.close();
    await testDb.drop();
  });

  const timedFailure = async (call: () => Promise<unknown>) => {
    const started = Date.now();
    const error = await failureOf(call());
    return { error, ms: Date.now() - started };
  };
  const readBound = databaseBounds.statementTimeoutMs + databaseBounds.readTimeoutMarginMs;

  it('fails queries, transactions and locks within the bounds, then serves again', async () => {
    await db.query('INSERT INTO kept VALUES (1)');
    proxy.stall();
    const inFlight = await Promise.all([
      timedFailure(() => db.query('SELECT count(*) FROM kept')),
      timedFailure(() =>
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO kept VALUES (2)');
        }),
      ),
    ]);
    // The read timeout destroyed both connections: the next ones are accepted and never answered.
    const fresh = await Promise.all([
      timedFailure(() => db.query('SELECT 1')),
      timedFailure(() => db.tryLock('silent')),
    ]);
    for (const { error } of [...inFlight, ...fresh]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    for (const { ms } of inFlight) expect(ms).toBeLessThan(readBound + 1_000);
    for (const { ms } of fresh) expect(ms).toBeLessThan(databaseBounds.connectTimeoutMs + 1_000);

    proxy.resume();
    await eventually(() =>
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    );
    await db.query('INSERT INTO kept VALUES (3)');
    const { rows } = await testDb.db.query<{ id: number }>('SELECT id FROM kept ORDER BY id');
    // The transaction cut off before COMMIT is rolled back by the server, never half-applied.
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });
});
