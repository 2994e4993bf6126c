/**
 * How a reader walks the events feed: in the order of the events' log positions, page by page.
 */
import { randomUUID } from 'node:crypto';
import { migrate } from '@brand-api/event-store';
import type { Database } from '@brand-api/event-store';
import { createTestDatabase } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { eventFeedMigrations } from './migrations';
import { feedHeadOf, readEventFeed, startOfFeed } from './queries';

jest.setTimeout(60_000);

let testDb: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await migrate(testDb.db, eventFeedMigrations);
  db = testDb.db;
});
afterAll(() => testDb.drop());

const ids = async (brandId: string) =>
  (await readEventFeed(db, brandId, { after: startOfFeed, limit: 10 })).rows.map((row) => row.id);

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
  await db.query(
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
    const { rows, hasMore } = await readEventFeed(db, brandId, { after, limit: 1 });
    walked.push(...rows.map((row) => row.id));
    after = rows.at(-1)?.position ?? after;
    if (!hasMore) break;
  }
  expect(walked).toEqual(expected);
  expect(await feedHeadOf(db, brandId)).toEqual({ commit: '10000', prepare: '1' });
});
