import { ProjectionApplyError } from '@brand-api/event-store';
import type { Projection, Queryable, RecordedEvent, SqlStatement } from '@brand-api/event-store';
import { createTestDatabase, describeOnServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { compareTable } from './compare-tables';
import { applyEvents } from './shadow-apply';
import { BatchFlushError, StatementBatch } from './statement-batch';

jest.setTimeout(60_000);

const tables = `
CREATE TABLE t (
  id uuid PRIMARY KEY, name text NOT NULL, flag boolean, at timestamptz, tags text[], doc jsonb,
  n integer, note text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
);
CREATE TABLE totals (id text PRIMARY KEY, rows integer NOT NULL);
CREATE TABLE mixed (id integer PRIMARY KEY, a numeric, b integer)`;

const insertT = `INSERT INTO t (id, name, flag, at, tags, doc, n, note, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (id) DO NOTHING`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, name: string, values: unknown[] = []): SqlStatement => ({
  text: insertT,
  params: [
    id(n),
    name,
    ...[true, null, [], null, n, null].map((v, i) => (i < values.length ? values[i] : v)),
    at(n),
  ],
});
const at = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString();

describeOnServer(
  'statement batches on a Postgres server',
  'PGlite runs statements one at a time',
  () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await createTestDatabase();
      await testDb.db.exec(
        `CREATE SCHEMA one_by_one; SET search_path = one_by_one; ${tables};
         CREATE SCHEMA coalesced; SET search_path = coalesced; ${tables}`,
      );
    });
    afterAll(() => testDb.drop());

    /** Runs `batches` one statement at a time in one schema and coalesced in the other. */
    async function applyBoth(batches: SqlStatement[][]): Promise<string[]> {
      const scripts: string[] = [];
      for (const [schema, kind] of [
        ['one_by_one', 'pglite'],
        ['coalesced', 'postgres'],
      ] as const) {
        await testDb.db.exec(`TRUNCATE ${schema}.t, ${schema}.totals, ${schema}.mixed`);
        for (const statements of batches) {
          await testDb.db.transaction(async (tx) => {
            await tx.query(`SELECT set_config('search_path', $1, true)`, [schema]);
            const recording: Queryable = {
              query: (text, params) => {
                if (kind === 'postgres' && !params) scripts.push(text);
                return tx.query(text, params);
              },
            };
            const batch = new StatementBatch(recording, kind);
            await batch.add(statements);
            await batch.finish();
          });
        }
      }
      return scripts.flatMap((script) => script.split(';\n'));
    }

    async function expectSameTables(): Promise<void> {
      for (const table of ['t', 'totals', 'mixed']) {
        const diff = await testDb.db.transaction((tx) =>
          compareTable(tx, 'one_by_one', 'coalesced', table),
        );
        expect(diff).toMatchObject({ missingInLive: 0, unexpectedInLive: 0, columns: null });
      }
    }

    const rowsOf = async (schema: string) =>
      (
        await testDb.db.query<{ id: string; name: string; r: Record<string, unknown> }>(
          `SELECT id, name, to_jsonb(t) AS r FROM ${schema}.t ORDER BY id`,
        )
      ).rows;

    it('merges a run of one INSERT … DO NOTHING; a repeated key keeps its first row, as one by one', async () => {
      const sent = await applyBoth([
        [row(1, 'a'), row(2, 'b'), row(1, 'a again'), row(3, 'c'), row(2, 'b again'), row(4, 'd')],
      ]);
      const inserts = sent.filter((statement) => statement.startsWith('INSERT'));
      expect(inserts).toHaveLength(1);
      expect(inserts[0]!.match(/\), \(/g)).toHaveLength(5);
      expect(sent.some((statement) => statement.startsWith('EXECUTE'))).toBe(false);
      expect((await rowsOf('coalesced')).map((r) => r.name)).toEqual(['a', 'b', 'c', 'd']);
      await expectSameTables();
    });

    it('coerces every value to its column type as a parameter would be', async () => {
      const values: unknown[][] = [
        [
          false,
          '2025-03-01T10:00:00+02:00',
          ['x', "it's", 'back\\slash', 'a,b', '"q"', null],
          { a: [1, 'é'] },
          '007',
          "it's",
        ],
        [
          null,
          new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123)),
          [],
          JSON.stringify({ b: null }),
          5,
          'C:\\dir',
        ],
        ['t', '2025-03-01 10:00', ['{braces}', ' spaced '], 'null', null, ''],
        ['yes', null, null, '[1, 2.50, "x"]', '-3', null],
      ];
      const statements = values.map((v, i) => row(i + 1, `row ${i}`, v));
      const sent = await applyBoth([statements]);
      expect(sent.filter((statement) => statement.startsWith('INSERT'))).toHaveLength(1);
      await expectSameTables();
      const [first, second] = await rowsOf('coalesced');
      expect(new Date(String(first!.r.at)).toISOString()).toBe('2025-03-01T08:00:00.000Z');
      expect(first!.r).toMatchObject({
        flag: false,
        tags: ['x', "it's", 'back\\slash', 'a,b', '"q"', null],
        doc: { a: [1, 'é'] },
        n: 7,
        note: "it's",
      });
      expect(second!.r).toMatchObject({ flag: null, doc: { b: null }, n: 5, note: 'C:\\dir' });
      expect(await rowsOf('coalesced')).toEqual(await rowsOf('one_by_one'));
    });

    /** Runs `statements` in one transaction on `schema`, one at a time or coalesced. */
    const runIn = (schema: string, kind: 'pglite' | 'postgres', statements: SqlStatement[]) =>
      testDb.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('search_path', $1, true)`, [schema]);
        const batch = new StatementBatch(tx, kind);
        await batch.add(statements);
        await batch.finish();
      });

    it('does not inline a placeholder shared by columns of different types', async () => {
      const mixed = (n: number, value: string) => ({
        text: 'INSERT INTO mixed (id, a, b) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
        params: [n, value],
      });
      // As a parameter, $2 would need to be numeric and integer at once: Postgres refuses it.
      // Inlined, '2' would be a fine numeric and a fine integer.
      await expect(runIn('one_by_one', 'pglite', [mixed(1, '2'), mixed(2, '3')])).rejects.toThrow(
        /inconsistent types deduced for parameter \$2/,
      );
      await expect(runIn('coalesced', 'postgres', [mixed(1, '2'), mixed(2, '3')])).rejects.toThrow(
        BatchFlushError,
      );
    });

    it('looks column types up again after a barrier', async () => {
      const retyped = (n: number, value: string) => ({
        text: 'INSERT INTO retyped (id, a, b) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
        params: [n, value],
      });
      const statements = [
        { text: 'CREATE TABLE retyped (id integer PRIMARY KEY, a text, b text)' },
        retyped(1, '2'),
        retyped(2, '3'),
        { text: 'ALTER TABLE retyped ALTER COLUMN b TYPE integer USING b::integer' },
        retyped(3, '4'),
        retyped(4, '5'),
      ];
      await expect(runIn('one_by_one', 'pglite', statements)).rejects.toThrow(
        /inconsistent types deduced for parameter \$2/,
      );
      await expect(runIn('coalesced', 'postgres', statements)).rejects.toThrow(BatchFlushError);
      // Without the ALTER, the same statements merge and succeed on both paths.
      const sent = await applyBoth([[...statements.slice(0, 3), statements[4]!, statements[5]!]]);
      expect(sent.filter((statement) => statement.startsWith('INSERT INTO retyped'))).toHaveLength(
        1,
      );
    });

    it('keeps the order of statements on one table and lets tables pass each other', async () => {
      const update = (n: number, name: string): SqlStatement => ({
        text: 'UPDATE t SET name = $2, updated_at = $3 WHERE id = $1',
        params: [id(n), name, at(100 + n)],
      });
      const remove = (n: number): SqlStatement => ({
        text: 'DELETE FROM t WHERE id = $1',
        params: [id(n)],
      });
      const total = (key: string, rows: number): SqlStatement => ({
        text: 'INSERT INTO totals (id, rows) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
        params: [key, rows],
      });
      const sent = await applyBoth([
        [
          row(1, 'a'),
          total('x', 1),
          row(2, 'b'),
          update(1, 'a2'),
          total('y', 2),
          remove(2),
          row(2, 'b reborn'),
          row(3, 'c'),
          update(3, 'c2'),
          remove(3),
          total('x', 99),
        ],
        [update(2, 'b2'), row(1, 'never'), remove(1), row(1, 'a3'), update(1, 'a4')],
      ]);
      expect(sent.filter((statement) => statement.startsWith('INSERT INTO totals'))).toHaveLength(
        1,
      );
      await expectSameTables();
      expect((await rowsOf('coalesced')).map((r) => r.name)).toEqual(['a4', 'b2']);
    });

    it('runs a statement that reads other tables after every write queued before it', async () => {
      const count: SqlStatement = {
        text: `INSERT INTO totals (id, rows) SELECT $1, count(*) FROM t
               ON CONFLICT (id) DO UPDATE SET rows = EXCLUDED.rows`,
        params: ['t'],
      };
      const sent = await applyBoth([[row(1, 'a'), row(2, 'b'), count, row(3, 'c'), count]]);
      expect(sent.filter((statement) => statement.startsWith('INSERT INTO t '))).toHaveLength(1);
      await expectSameTables();
      const { rows } = await testDb.db.query('SELECT rows FROM coalesced.totals');
      expect(rows).toEqual([{ rows: 3 }]);
    });

    it('lets a projection read its own earlier writes through tx', async () => {
      await testDb.db.exec('TRUNCATE coalesced.t');
      const seen = await testDb.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('search_path', 'coalesced', true)`);
        const batch = new StatementBatch(tx, 'postgres');
        await batch.add([row(1, 'a'), row(2, 'b')]);
        const { rows } = await batch.tx.query<{ names: string }>(
          `SELECT string_agg(name, ',' ORDER BY name) AS names FROM t`,
        );
        await batch.finish();
        return rows[0]?.names;
      });
      expect(seen).toBe('a,b');
    });

    it('fails a batch whose statement fails, even one sent while the next was being built; one by one names the event', async () => {
      const events = Array.from({ length: 1200 }, (_, i) => eventAt(i));
      const projection: Projection = {
        name: 'failing',
        version: 1,
        handles: ['Happened'],
        apply: (event) => [
          event.streamVersion === 10
            ? { text: 'UPDATE t SET at = $1 WHERE id = $2', params: ['not a time', id(1)] }
            : row(event.streamVersion, `e${event.streamVersion}`),
        ],
      };
      const run = (batched: boolean) =>
        testDb.db.transaction(async (tx) => {
          await tx.query(`SELECT set_config('search_path', 'coalesced', true)`);
          await applyEvents(tx, projection, events, 'postgres', batched);
        });
      await expect(run(true)).rejects.toBeInstanceOf(BatchFlushError);
      const failure = await run(false).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProjectionApplyError);
      expect((failure as ProjectionApplyError).event.streamVersion).toBe(10);
    });
  },
);

function eventAt(n: number): RecordedEvent {
  return {
    id: id(n),
    type: 'Happened',
    data: {},
    metadata: {},
    schemaVersion: 1,
    streamName: 'test',
    streamVersion: n,
    position: { commit: n + 1, prepare: n + 1 },
    recordedAt: new Date(0),
  };
}
