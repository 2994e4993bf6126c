import type { Transaction } from '../db';
import type { RecordedEvent } from '../event-store';
import type { TestDatabase } from '../testing';
import { createTestDatabase, hasPostgresServer, recordedEvent } from '../testing';
import { applyPipelined } from './apply-events';
import type { Projection, SqlStatement } from './projection';
import { ProjectionApplyError } from './projection';
import { rowInsert, rowsStatement } from './row-insert';

jest.setTimeout(60_000);

const insertNote = rowInsert({
  into: 'notes',
  columns: ['id', 'name', 'tags', 'doc', 'at', 'flag', 'n'],
  skipConflictsOn: ['id'],
});

interface Noted {
  id: number;
  name?: string | null;
  tags?: unknown;
  doc?: unknown;
  at?: unknown;
  flag?: unknown;
  n?: unknown;
}

const note = ({ id, name = `note ${id}`, ...rest }: Noted): SqlStatement =>
  insertNote.row({
    id,
    name,
    tags: rest.tags ?? null,
    doc: rest.doc ?? null,
    at: rest.at ?? null,
    flag: rest.flag ?? null,
    n: rest.n ?? null,
  });
/** A note and its arrival, in two tables, by one statement: what one INSERT cannot say. */
const noteAndArrival = rowsStatement({
  columns: [
    ['id', 'integer'],
    ['name', 'text'],
  ],
  statement: (rows) => `WITH source AS (SELECT * FROM ${rows}),
noted AS (
  INSERT INTO notes (id, name) SELECT id, name FROM source ORDER BY ordinal
  ON CONFLICT (id) DO NOTHING
)
INSERT INTO arrivals (id, name) SELECT id, name FROM source ORDER BY ordinal`,
});
const arrival = (id: number, name: string | null): SqlStatement => noteAndArrival.row({ id, name });
const rename = (id: number, name: string): SqlStatement => ({
  text: 'UPDATE notes SET name = $2 WHERE id = $1',
  params: [id, name],
});
const remove = (id: number): SqlStatement => ({
  text: 'DELETE FROM notes WHERE id = $1',
  params: [id],
});
const countNotes: SqlStatement = {
  text: `INSERT INTO totals (id, rows) SELECT 'notes', count(*) FROM notes
         ON CONFLICT (id) DO UPDATE SET rows = EXCLUDED.rows`,
};

function eventAt(n: number): RecordedEvent {
  return recordedEvent({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'Happened',
    data: {},
    streamVersion: n,
    position: { commit: n + 1, prepare: n + 1 },
  });
}

/** A projection whose n-th event has the n-th list of statements. */
function scripted(
  statements: readonly (readonly SqlStatement[])[],
  apply?: Projection['apply'],
): { projection: Projection; events: RecordedEvent[] } {
  return {
    projection: {
      name: 'scripted',
      version: 1,
      handles: ['Happened'],
      apply: apply ?? ((event) => statements[event.streamVersion]),
    },
    events: statements.map((_, n) => eventAt(n)),
  };
}

describe(`applyPipelined on ${hasPostgresServer() ? 'a Postgres server' : 'PGlite'}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.db.exec(`
      CREATE TABLE notes (id integer PRIMARY KEY, name text NOT NULL, tags text[], doc jsonb,
        at timestamptz, flag boolean, n integer);
      CREATE TABLE totals (id text PRIMARY KEY, rows integer NOT NULL);
      CREATE TABLE arrivals (seq integer GENERATED ALWAYS AS IDENTITY, id integer, name text)`);
  });
  afterAll(() => testDb.drop());

  /** Applies in one transaction, counting the pipelines and the multi-row INSERTs sent. */
  async function apply(projection: Projection, events: readonly RecordedEvent[]) {
    await testDb.db.exec('TRUNCATE notes, totals, arrivals RESTART IDENTITY');
    const sent = { pipelines: 0, multiRow: 0 };
    await testDb.db.transaction(async (tx) => {
      const counting: Transaction = {
        query: (text, params) => tx.query(text, params),
        pipeline: (statements) => {
          sent.pipelines += 1;
          sent.multiRow += statements.filter((s) => s.text.includes('), (')).length;
          return tx.pipeline(statements);
        },
      };
      await applyPipelined(counting, projection, events);
    });
    return sent;
  }

  /** The same statements one query each: what the projection means. */
  async function oneByOne(statements: readonly (readonly SqlStatement[])[]) {
    await testDb.db.exec('TRUNCATE notes, totals, arrivals RESTART IDENTITY');
    await testDb.db.transaction(async (tx) => {
      for (const statement of statements.flat()) await tx.query(statement.text, statement.params);
    });
    return tables();
  }

  const tables = async () => ({
    notes: (await testDb.db.query('SELECT to_jsonb(t) AS row FROM notes t ORDER BY id')).rows,
    totals: (await testDb.db.query('SELECT * FROM totals ORDER BY id')).rows,
    arrivals: (await testDb.db.query('SELECT seq, id, name FROM arrivals ORDER BY seq')).rows,
  });

  /** The names of the notes, in id order. */
  const noteNames = (applied: Awaited<ReturnType<typeof tables>>) =>
    applied.notes.map((r) => (r.row as { name: string }).name);

  it('sends a run of one row insert as one INSERT; a repeated key keeps its first row', async () => {
    const statements = [1, 2, 1, 3, 2, 4].map((id, at) => [note({ id, name: `row ${at}` })]);
    const { projection, events } = scripted(statements);
    expect(await apply(projection, events)).toEqual({ pipelines: 1, multiRow: 1 });
    const applied = await tables();
    expect(noteNames(applied)).toEqual(['row 0', 'row 1', 'row 3', 'row 5']);
    expect(applied).toEqual(await oneByOne(statements));
  });

  it('sends a run of one rows statement as one statement over its rows, in log order', async () => {
    const statements = [1, 2, 1, 3, 2, 4].map((id, at) => [arrival(id, `row ${at}`)]);
    const { projection, events } = scripted(statements);
    let sent = 0;
    await testDb.db.exec('TRUNCATE notes, totals, arrivals RESTART IDENTITY');
    await testDb.db.transaction((tx) =>
      applyPipelined(
        {
          query: (text, params) => tx.query(text, params),
          pipeline: (batch) => {
            sent += batch.filter((s) => s.text === noteAndArrival.text).length;
            return tx.pipeline(batch);
          },
        },
        projection,
        events,
      ),
    );
    expect(sent).toBe(1);
    const applied = await tables();
    // A repeated key keeps its first row; every row arrives, in the order of its events.
    expect(noteNames(applied)).toEqual(['row 0', 'row 1', 'row 3', 'row 5']);
    expect(applied.arrivals.map((r) => (r as { name: string }).name)).toEqual(
      statements.map((_, at) => `row ${at}`),
    );
    expect(applied).toEqual(await oneByOne(statements));
  });

  it('ends a run of one rows statement at any other statement, so each sees the ones before', async () => {
    const statements = [
      [arrival(1, 'first')],
      [rename(1, 'renamed')],
      [arrival(1, 'again'), arrival(2, 'second')],
      [countNotes],
      [arrival(3, 'third')],
    ];
    const { projection, events } = scripted(statements);
    await apply(projection, events);
    const applied = await tables();
    expect(noteNames(applied)).toEqual(['renamed', 'second', 'third']);
    expect(applied.totals).toEqual([{ id: 'notes', rows: 2 }]);
    expect(applied).toEqual(await oneByOne(statements));
  });

  it('gives each value its column type as a row of its own would', async () => {
    const statements = [
      [
        note({
          id: 1,
          name: "it's \\ é",
          tags: ['x', "it's", 'back\\slash', 'a,b', '"q"', null, '{braces}'],
          doc: { a: [1, 'é'], b: null },
          at: '2025-03-01T10:00:00+02:00',
          flag: false,
          n: '007',
        }),
      ],
      [
        note({
          id: 2,
          tags: [],
          doc: JSON.stringify({ b: null }),
          at: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123)),
          flag: 't',
          n: 5,
        }),
      ],
      [note({ id: 3, doc: 'null', at: '2025-03-01 10:00', flag: 'yes', n: '-3' })],
      [note({ id: 4, doc: '[1, 2.50, "x"]' })],
    ];
    const { projection, events } = scripted(statements);
    expect(await apply(projection, events)).toMatchObject({ multiRow: 1 });
    const applied = await tables();
    expect(applied).toEqual(await oneByOne(statements));
    expect(applied.notes[0]!.row).toMatchObject({
      tags: ['x', "it's", 'back\\slash', 'a,b', '"q"', null, '{braces}'],
      doc: { a: [1, 'é'], b: null },
      at: '2025-03-01T08:00:00+00:00',
      n: 7,
    });
  });

  it('keeps log order: later statements see the rows inserted before them in the batch', async () => {
    const statements = [
      [note({ id: 1, name: 'a' }), note({ id: 2, name: 'b' })],
      [rename(1, 'a2'), note({ id: 3, name: 'c' })],
      [countNotes, remove(2), note({ id: 2, name: 'b reborn' }), note({ id: 4, name: 'd' })],
      [rename(4, 'd2'), remove(3), countNotes],
      [note({ id: 1, name: 'never' }), note({ id: 5, name: 'e' })],
    ];
    const { projection, events } = scripted(statements);
    expect(await apply(projection, events)).toMatchObject({ multiRow: 3 });
    const applied = await tables();
    expect(noteNames(applied)).toEqual(['a2', 'b reborn', 'd2', 'e']);
    expect(applied.totals).toEqual([{ id: 'notes', rows: 3 }]);
    expect(applied).toEqual(await oneByOne(statements));
  });

  it('lets a projection read its own earlier writes through the tx it is given', async () => {
    const seen: number[] = [];
    const { projection, events } = scripted(
      Array.from({ length: 6 }, () => []),
      async (event, tx) => {
        const { rows } = await tx.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM notes',
        );
        seen.push(rows[0]!.count);
        return [note({ id: event.streamVersion })];
      },
    );
    await apply(projection, events);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sends a thousand events in a few round trips', async () => {
    const statements = Array.from({ length: 1000 }, (_, id) => [
      note({ id }),
      rename(id, `renamed ${id}`),
    ]);
    const { projection, events } = scripted(statements);
    const sent = await apply(projection, events);
    expect(sent.pipelines).toBeLessThanOrEqual(10);
    expect(await tables()).toEqual(await oneByOne(statements));
  });

  /** The error applying `statements` in one transaction, which is rolled back. */
  async function failureOf(projection: Projection, events: readonly RecordedEvent[]) {
    await testDb.db.exec('TRUNCATE notes, totals, arrivals RESTART IDENTITY');
    const error = await testDb.db
      .transaction((tx) => applyPipelined(tx, projection, events))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProjectionApplyError);
    return error as ProjectionApplyError;
  }

  // Forty events of one statement each; the event at `broken` names no note (a NOT NULL column).
  it.each<[string, number, (id: number, name: string | null) => SqlStatement]>([
    ['a multi-row INSERT', 27, (id, name) => note({ id, name })],
    ['a rows statement over many events', 33, arrival],
  ])('names the event whose row broke %s', async (_statement, broken, statementOf) => {
    const statements = Array.from({ length: 40 }, (_, id) => [
      statementOf(id, id === broken ? null : `note ${id}`),
    ]);
    const { projection, events } = scripted(statements);
    const error = await failureOf(projection, events);
    expect(error.event.streamVersion).toBe(broken);
    expect(error.cause).toMatchObject({ code: '23502' });
  });

  it('names the event of a failing statement, however many pipelines were sent before it', async () => {
    const statements = Array.from({ length: 1200 }, (_, id) => [
      id === 1100
        ? { text: 'UPDATE notes SET at = $1 WHERE id = $2', params: ['not a time', 1] }
        : note({ id }),
    ]);
    const { projection, events } = scripted(statements);
    const error = await failureOf(projection, events);
    expect(error.event.streamVersion).toBe(1100);
    expect(error.cause).toMatchObject({ code: '22007' });
  });

  it('names the event the projection threw on, unless a statement before it had failed', async () => {
    const throwing = (failAt: number | undefined) =>
      scripted(
        Array.from({ length: 10 }, () => []),
        (event) => {
          if (event.streamVersion === 6) throw new Error('projection bug');
          return event.streamVersion === failAt
            ? [{ text: 'UPDATE notes SET n = $1', params: ['not a number'] }]
            : [note({ id: event.streamVersion })];
        },
      );
    const thrown = throwing(undefined);
    const error = await failureOf(thrown.projection, thrown.events);
    expect(error.event.streamVersion).toBe(6);
    expect(String(error.cause)).toMatch(/projection bug/);

    const earlier = throwing(3);
    const first = await failureOf(earlier.projection, earlier.events);
    expect(first.event.streamVersion).toBe(3);
    expect(first.cause).toMatchObject({ code: '22P02' });
  });
});
