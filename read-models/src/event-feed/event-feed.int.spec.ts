/**
 * How a reader walks the events feed: in the order of the events' log positions, page by page,
 * and only as far as it may pass. Inline writes commit out of position order (a row's
 * position is its write's transaction id), so a row committed while an older inline write still
 * runs is held back until that write ends; nothing else holds a row back. Rows are written here
 * as an inline append writes them: the inline-writes lock first, then the row in the same
 * transaction, its position taken from that transaction's id.
 */
import { randomUUID } from 'node:crypto';
import { inlineWritesLock } from '@brand-api/event-store';
import type { Database, Transaction } from '@brand-api/event-store';
import { describeOnServer, holdTransaction, useTestDatabase } from '@brand-api/event-store/testing';
import { eventFeedMigrations } from './migrations';
import { feedHeadOf, readEventFeed, startOfFeed } from './queries';

jest.setTimeout(60_000);

const testDb = useTestDatabase(eventFeedMigrations);
const db = () => testDb().db;

const inlineWritesShared = [inlineWritesLock('shared')];

/** The feed row of an event of `brandId` that `tx` appended. */
const insertRow = (tx: Transaction, brandId: string, id: string) =>
  tx.query(
    `INSERT INTO brand_events (brand_id, log_commit, log_prepare, id, event_type, occurred_at, body)
     VALUES ($1, pg_current_xact_id()::text::bigint, 1, $2, 'user.joined', now(), '{}')`,
    [brandId, id],
  );

/** An inline write of one row, committed. */
const inlineWrite = (on: Database, brandId: string, id: string) =>
  on.transaction((tx) => insertRow(tx, brandId, id), { prelude: inlineWritesShared });

/** An inline write of one row, left running until its `end()`. */
const runningInlineWrite = (on: Database, brandId: string, id: string) =>
  holdTransaction(on, (tx) => insertRow(tx, brandId, id), inlineWritesShared);

const ids = async (brandId: string) =>
  (await readEventFeed(db(), brandId, { after: startOfFeed, limit: 10 })).rows.map((row) => row.id);

it('reads committed writes at once when no other write runs, in pages', async () => {
  const brandId = randomUUID();
  await inlineWrite(db(), brandId, 'msg_a');
  await inlineWrite(db(), brandId, 'msg_b');
  expect(await readEventFeed(db(), brandId, { after: startOfFeed, limit: 1 })).toMatchObject({
    rows: [{ id: 'msg_a' }],
    hasMore: true,
    held: false,
  });
  expect(await readEventFeed(db(), brandId, { after: startOfFeed, limit: 10 })).toMatchObject({
    rows: [{ id: 'msg_a' }, { id: 'msg_b' }],
    hasMore: false,
    held: false,
  });
});

it('goes in the order of positions when they gain a digit, page by page, and from its head', async () => {
  // Transaction ids and log positions grow past 999, 9999, ...: a page ordered by their text
  // put '1000' before '999' and the walk skipped what it had jumped over.
  const brandId = randomUUID();
  const positions: [number, number][] = [
    [999, 99],
    [1000, 9],
    [1000, 10],
    [10000, 1],
  ];
  await db().query(
    `INSERT INTO brand_events (brand_id, log_commit, log_prepare, id, event_type, occurred_at, body)
     SELECT $1, p.commit, p.prepare, 'msg_' || p.commit || '_' || p.prepare, 'user.joined', now(), '{}'
     FROM unnest($2::bigint[], $3::bigint[]) AS p (commit, prepare)`,
    [brandId, positions.map(([commit]) => commit), positions.map(([, prepare]) => prepare)],
  );
  const expected = positions.map(([commit, prepare]) => `msg_${commit}_${prepare}`);
  expect(await ids(brandId)).toEqual(expected);
  const walked: string[] = [];
  let after = startOfFeed;
  for (;;) {
    const { rows, hasMore } = await readEventFeed(db(), brandId, { after, limit: 1 });
    walked.push(...rows.map((row) => row.id));
    after = rows.at(-1)?.position ?? after;
    if (!hasMore) break;
  }
  expect(walked).toEqual(expected);
  expect(await feedHeadOf(db(), brandId)).toEqual({ commit: '10000', prepare: '1' });
});

describeOnServer(
  'with writes running concurrently',
  'PGlite runs one transaction at a time',
  () => {
    let second: Database;
    let third: Database;
    beforeAll(() => {
      second = testDb().connect(2);
      third = testDb().connect(2);
    });

    it('holds a write back behind an older inline write until that ends, then reads both in order', async () => {
      const brandId = randomUUID();
      await inlineWrite(db(), brandId, 'msg_before');
      const older = runningInlineWrite(second, brandId, 'msg_older');
      await older.ready;
      await inlineWrite(third, brandId, 'msg_newer');

      const read = await readEventFeed(db(), brandId, { after: startOfFeed, limit: 10 });
      expect(read).toMatchObject({ rows: [{ id: 'msg_before' }], hasMore: false, held: true });
      // A stream opened now starts after the last row it may pass: it gets both writes later.
      expect(await feedHeadOf(db(), brandId)).toEqual(read.rows[0]!.position);

      older.end();
      await older.done;
      const after = read.rows[0]!.position;
      expect(await readEventFeed(db(), brandId, { after, limit: 10 })).toMatchObject({
        rows: [{ id: 'msg_older' }, { id: 'msg_newer' }],
        held: false,
      });
    });

    it('reads past an older inline write that rolls back', async () => {
      const brandId = randomUUID();
      const older = runningInlineWrite(second, brandId, 'msg_rolled_back');
      await older.ready;
      await inlineWrite(third, brandId, 'msg_kept');
      expect((await readEventFeed(db(), brandId, { after: startOfFeed, limit: 10 })).held).toBe(
        true,
      );
      older.end(new Error('rolled back'));
      await expect(older.done).rejects.toThrow('rolled back');
      expect(await ids(brandId)).toEqual(['msg_kept']);
    });

    it('does not wait for an inline write that has no id yet: it commits after, at a later position', async () => {
      const brandId = randomUUID();
      // It holds the lock (its first statement takes no id) and writes its row only later.
      let running!: Transaction;
      const later = holdTransaction(
        second,
        async (tx) => {
          running = tx;
          await tx.query('SELECT 1');
        },
        inlineWritesShared,
      );
      await later.ready;
      await inlineWrite(third, brandId, 'msg_first');
      expect(await ids(brandId)).toEqual(['msg_first']);
      await insertRow(running, brandId, 'msg_later');
      later.end();
      await later.done;
      expect(await ids(brandId)).toEqual(['msg_first', 'msg_later']);
    });

    it('does not wait for other transactions, however old: only inline writes hold rows back', async () => {
      const brandId = randomUUID();
      const other = holdTransaction(second, (tx) => tx.query('SELECT pg_current_xact_id()'));
      await other.ready;
      await inlineWrite(third, brandId, 'msg_not_held');
      expect(await readEventFeed(db(), brandId, { after: startOfFeed, limit: 10 })).toMatchObject({
        rows: [{ id: 'msg_not_held' }],
        held: false,
      });
      other.end();
      await other.done;
    });
  },
);
