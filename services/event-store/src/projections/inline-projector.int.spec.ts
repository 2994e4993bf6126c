import { migrate } from '../db';
import type { Database } from '../db';
import type { EventStore } from '../event-store';
import { createPostgresEventStore, eventStoreMigrations } from '../postgres';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { readCheckpoints } from './checkpoints';
import { catchUpInline } from './inline-catch-up';
import { createInlineProjector } from './inline-projector';
import { sharedWriters } from './inline-writers';
import type { InlineProjector } from './inline-projector';
import { listParked } from './parked-events';
import { projectionMigrations } from './migrations';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection';
import { createProjectionRunner } from './projection-runner';
import { rowInsert } from './row-insert';

jest.setTimeout(60_000);

/** Notes: one row per NoteAdded; a note longer than the column holds cannot be applied. */
const notesTable = {
  id: 'test/001-notes',
  sql: `CREATE TABLE notes (id text PRIMARY KEY, body varchar(20) NOT NULL, version integer NOT NULL)`,
};
const insertNote = rowInsert({ into: 'notes', columns: ['id', 'body', 'version'] });

const notes = (version = 1): Projection => ({
  name: 'notes',
  version,
  handles: ['NoteAdded'],
  apply(event) {
    const data = event.data as { id: string; body: string };
    return [insertNote.row({ id: data.id, body: data.body, version: event.streamVersion })];
  },
  async reset(tx) {
    await tx.query('DELETE FROM notes');
  },
});

const note = (id: string, body = `note ${id}`) => ({
  type: 'NoteAdded',
  data: { id, body },
  metadata: { brandId: 'b1' },
});

let testDb: TestDatabase;
let db: Database;

beforeEach(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await migrate(db, [...eventStoreMigrations, ...projectionMigrations, notesTable]);
});
afterEach(() => testDb.drop());

async function inlineStore(projection = notes()): Promise<{
  store: EventStore;
  inline: InlineProjector;
}> {
  const inline = createInlineProjector([projection], { writers: sharedWriters });
  const store = createPostgresEventStore(db, { inline });
  await catchUpInline(db, store, inline);
  return { store, inline };
}

const rows = async () =>
  (await db.query<{ id: string; body: string }>('SELECT id, body FROM notes ORDER BY id')).rows;

describe('inline projections', () => {
  it("write the read rows in the append's own transaction", async () => {
    const { store } = await inlineStore();
    await store.appendToStreams([
      { streamName: 'note-1', expectedVersion: 'no_stream', events: [note('1')] },
      {
        streamName: 'other-1',
        expectedVersion: 'no_stream',
        events: [{ type: 'Other', data: {} }],
      },
    ]);
    await store.appendToStream('note-2', [note('2')], { expectedVersion: 'no_stream' });
    expect(await rows()).toEqual([
      { id: '1', body: 'note 1' },
      { id: '2', body: 'note 2' },
    ]);
    // The row and its event were written by one transaction: one commit per write.
    const { rows: same } = await db.query<{ same: boolean }>(
      `SELECT bool_and(n.xmin::text = e.transaction_id::text) AS same
       FROM notes n JOIN events e ON e.data->>'id' = n.id`,
    );
    expect(same[0]?.same).toBe(true);
    await store.close();
  });

  it('wake readers after every write, the NOTIFY carried by the writes themselves', async () => {
    const { store } = await inlineStore();
    // A reader that reads only when woken (no polling) must come to see every event.
    let seen = 0;
    let sawAll: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (sawAll = resolve));
    const stop = await store.onAppended(() => {
      void db
        .query<{ count: number }>('SELECT count(*)::int AS count FROM events')
        .then(({ rows: [row] }) => {
          seen = Math.max(seen, row!.count);
          if (seen === 40) sawAll();
        });
    });
    for (let index = 0; index < 40; index += 1) {
      await store.appendToStream(`note-${index}`, [note(String(index))], {
        expectedVersion: 'no_stream',
      });
    }
    await all;
    expect(seen).toBe(40);
    await stop();
    await store.close();
  });

  it('roll the whole write back when a projection cannot apply an event: no event, no row', async () => {
    const { store } = await inlineStore();
    await store.appendToStream('note-ok', [note('ok')], { expectedVersion: 'no_stream' });
    const write = store.appendToStreams([
      {
        streamName: 'note-long',
        expectedVersion: 'no_stream',
        events: [note('a', 'x'.repeat(40))],
      },
      { streamName: 'note-b', expectedVersion: 'no_stream', events: [note('b')] },
    ]);
    await expect(write).rejects.toBeInstanceOf(ProjectionApplyError);
    await expect(write).rejects.toMatchObject({
      projectionName: 'notes',
      event: { type: 'NoteAdded', streamName: 'note-long' },
    });
    expect(await store.readStream('note-long')).toEqual([]);
    expect(await store.readStream('note-b')).toEqual([]);
    expect(await rows()).toEqual([{ id: 'ok', body: 'note ok' }]);
    expect(await listParked(db, { projections: ['notes'] })).toEqual([]);
    // The store is not left in a broken state: the next write lands.
    await store.appendToStream('note-c', [note('c')], { expectedVersion: 'no_stream' });
    expect((await rows()).map((row) => row.id)).toEqual(['c', 'ok']);
    await store.close();
  });

  it('keep optimistic concurrency: a conflicting append writes neither its events nor rows', async () => {
    const { store } = await inlineStore();
    await store.appendToStream('note-1', [note('1')], { expectedVersion: 'no_stream' });
    await expect(
      store.appendToStream('note-1', [note('1b')], { expectedVersion: 'no_stream' }),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', actualVersion: 0 });
    expect((await rows()).map((row) => row.id)).toEqual(['1']);
    await store.close();
  });

  it('name the stream whose expected version failed when the whole write leaves at once', async () => {
    const { store } = await inlineStore();
    await store.appendToStream('note-1', [note('1')], { expectedVersion: 'no_stream' });
    await store.appendToStream('note-1', [note('1b')], { expectedVersion: 0 });
    const write = store.appendToStreams([
      { streamName: 'note-0', expectedVersion: 'no_stream', events: [note('0')] },
      { streamName: 'note-1', expectedVersion: 0, events: [note('1c')] },
    ]);
    await expect(write).rejects.toMatchObject({
      name: 'ConcurrencyError',
      streamName: 'note-1',
      expectedVersion: 0,
      actualVersion: 1,
    });
    expect((await rows()).map((row) => row.id)).toEqual(['1', '1b']);
    expect(await store.readStream('note-0')).toEqual([]);
    await store.close();
  });

  it('apply a projection that needs what only the append tells (its position) after the append', async () => {
    // Statements are prepared before the append when they can be: this projection reads the
    // event's position, so its write appends first and applies with the real one. Later writes
    // of that event type are not prepared at all: the projection is asked once, not twice.
    let asked = 0;
    const positions: Projection = {
      ...notes(),
      apply: (event) => {
        asked += 1;
        return [
          insertNote.row({
            id: (event.data as { id: string }).id,
            body: String(event.position.prepare),
            version: event.streamVersion,
          }),
        ];
      },
    };
    const { store } = await inlineStore(positions);
    await store.appendToStream('note-1', [note('1')], { expectedVersion: 'no_stream' });
    expect(asked).toBe(2);
    await store.appendToStream('note-2', [note('2')], { expectedVersion: 'no_stream' });
    expect(asked).toBe(3);
    const [one, two] = [...(await store.readStreams(['note-1', 'note-2'])).values()].flat();
    expect(await rows()).toEqual([
      { id: '1', body: String(one!.position.prepare) },
      { id: '2', body: String(two!.position.prepare) },
    ]);
    await store.close();
  });

  it('apply a projection that reads in the transaction after the append, seeing it', async () => {
    const counting: Projection = {
      ...notes(),
      async apply(event, tx) {
        const { rows: counted } = await tx.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM events',
        );
        return [
          insertNote.row({
            id: (event.data as { id: string }).id,
            body: `${counted[0]!.count} events`,
            version: event.streamVersion,
          }),
        ];
      },
    };
    const { store } = await inlineStore(counting);
    await store.appendToStream('note-1', [note('1')], { expectedVersion: 'no_stream' });
    await store.appendToStream('note-2', [note('2')], { expectedVersion: 'no_stream' });
    expect(await rows()).toEqual([
      { id: '1', body: '1 events' },
      { id: '2', body: '2 events' },
    ]);
    await store.close();
  });

  it('are caught up from where a runner left them, then marked inline', async () => {
    // A database that ran the projection asynchronously: the runner applied the first event,
    // the second was appended after it stopped.
    const plain = createPostgresEventStore(db);
    const runner = createProjectionRunner({ db, store: plain, projections: [notes()], pollMs: 20 });
    await runner.start();
    const first = await plain.appendToStream('note-1', [note('1')], {
      expectedVersion: 'no_stream',
    });
    expect(await runner.waitFor(first.position)).toBe(true);
    await runner.stop();
    await plain.appendToStream('note-2', [note('2')], { expectedVersion: 'no_stream' });
    expect((await rows()).map((row) => row.id)).toEqual(['1']);

    const { store, inline } = await inlineStore();
    expect((await rows()).map((row) => row.id)).toEqual(['1', '2']);
    await store.appendToStream('note-3', [note('3')], { expectedVersion: 'no_stream' });
    expect((await rows()).map((row) => row.id)).toEqual(['1', '2', '3']);

    // The runner of an inline store runs nothing itself and lists the projection as inline.
    const inlineRunner = createProjectionRunner({ db, store, projections: [notes()], inline });
    expect(inlineRunner.handling(['NoteAdded'])).toEqual([]);
    const [checkpoint] = await inlineRunner.checkpoints();
    expect(checkpoint).toMatchObject({ name: 'notes', status: 'inline' });
    await inlineRunner.stop();
    await store.close();
    await plain.close();
  });

  it('replay from the start when the projection version changes, parking what cannot apply', async () => {
    const plain = createPostgresEventStore(db);
    await plain.appendToStream('note-1', [note('1')], { expectedVersion: 'no_stream' });
    await plain.appendToStream('note-2', [note('2', 'y'.repeat(30))], {
      expectedVersion: 'no_stream',
    });
    await plain.appendToStream('note-3', [note('3')], { expectedVersion: 'no_stream' });
    const { store } = await inlineStore(notes(2));
    expect((await rows()).map((row) => row.id)).toEqual(['1', '3']);
    const parked = await listParked(db, { projections: ['notes'] });
    expect(parked.map((p) => p.streamName)).toEqual(['note-2']);
    expect((await readCheckpoints(db, ['notes']))[0]).toMatchObject({
      version: 2,
      status: 'inline',
    });
    await store.close();
    await plain.close();
  });
});
