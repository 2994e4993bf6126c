import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TestDatabase } from '../testing';
import { createTestDatabase, describeOnServer, eventually } from '../testing';
import { createPgDatabase } from './pg-database';
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
