import type { WebhookEventType } from '@brand-api/contracts';
import {
  advisoryKeySql,
  advisoryLockRowSql,
  inlineWritesLockKey,
  lookup,
} from '@brand-api/event-store';
import type { Queryable } from '@brand-api/event-store';

/**
 * Where a reader of the feed stands: the log position of the last event it has, as decimal
 * text (`bigint` columns; an EventStoreDB position can pass 2^53).
 */
export interface FeedPosition {
  commit: string;
  prepare: string;
}

export const startOfFeed: FeedPosition = { commit: '0', prepare: '0' };

export class InvalidEventCursorError extends Error {
  override readonly name = 'InvalidEventCursorError';
  constructor(message = 'The cursor is not one the events feed returned') {
    super(message);
  }
}

const digits = /^(?:0|[1-9][0-9]{0,18})$/;

/** The opaque cursor of a position: `events|commit|prepare` in base64url. */
export function encodeEventCursor({ commit, prepare }: FeedPosition): string {
  return Buffer.from(`events|${commit}|${prepare}`).toString('base64url');
}

export function decodeEventCursor(cursor: string): FeedPosition {
  const [kind, commit, prepare, ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('|');
  if (kind !== 'events' || !commit || !prepare || rest.length > 0) {
    throw new InvalidEventCursorError();
  }
  if (!digits.test(commit) || !digits.test(prepare)) throw new InvalidEventCursorError();
  return { commit, prepare };
}

/** One event of the feed: its id, type and the webhook body exactly as delivered. */
export interface FeedRow {
  id: string;
  type: WebhookEventType;
  body: string;
  position: FeedPosition;
}

export interface FeedFilter {
  types?: readonly WebhookEventType[] | undefined;
  createdAfter?: string | undefined;
}

/**
 * A position read back as text (a `bigint` can pass 2^53). Its columns are named apart from
 * `log_commit` and `log_prepare`: ORDER BY takes a bare name for the output column when there
 * is one, and text sorts '1000' before '999', so pages ordered by the text skipped events each
 * time the transaction ids gained a digit (while the keyset compared numbers).
 */
const positionColumns = 'log_commit::text AS commit_text, log_prepare::text AS prepare_text';

interface PositionRow {
  commit_text: string;
  prepare_text: string;
}

const positionOf = (row: PositionRow): FeedPosition => ({
  commit: row.commit_text,
  prepare: row.prepare_text,
});

interface RawRow extends PositionRow {
  id: string;
  event_type: WebhookEventType;
  body: string;
  settled: boolean;
}

/**
 * The first transaction id whose feed rows a reader may not pass yet: the oldest inline write
 * still running in this database, or the next id to be handed out when none is.
 *
 * A row's position is its source event's, and an inline write gets its id (`written_xid`, the
 * event's `log_commit`) when it appends, so concurrent writes commit out of position order: a
 * walk that passed a row while an older write was still running would skip that write's rows
 * for good. Only writes of the feed can do that, and every one of them holds the inline-writes
 * advisory lock from its first statement, before it has an id (inline-projector.ts); the
 * projection runner, when the feed is not inline, writes its rows in log order. So this waits
 * for older inline writes only, not for every older transaction of the server (a runner batch,
 * a webhook claim, another database's work), which had held new events back for as long as
 * those ran.
 *
 * It must be read before the rows, in an earlier statement (the rows' snapshot is then taken
 * after it): a write that was running when the rows were read held the lock when this ran, or
 * got its id after it, at or above the next id read here. `pg_locks` shows the 32-bit id of a
 * transaction; it is widened against the next full id, which it lies within 2^31 of.
 */
const settledBoundSql = `
WITH upcoming AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS xid),
writers AS (
  SELECT x.transactionid::text::bigint AS xid32
  FROM pg_locks a
  JOIN pg_locks x ON x.virtualtransaction = a.virtualtransaction
  WHERE ${advisoryLockRowSql('a', advisoryKeySql)}
    AND x.locktype = 'transactionid' AND x.mode = 'ExclusiveLock' AND x.granted
)
SELECT least(
  upcoming.xid,
  (SELECT min(upcoming.xid + (xid32 - (upcoming.xid & 4294967295) + 6442450944) % 4294967296
              - 2147483648)
   FROM writers)
)::text AS bound
FROM upcoming`;

/** See `settledBoundSql`: rows written by a transaction below it may be passed. */
async function settledBound(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ bound: string }>(settledBoundSql, [inlineWritesLockKey]);
  return rows[0]!.bound;
}

/**
 * The brand's events after `after`, in log order, at most `limit` (and whether more follow):
 * one range of the primary key `(brand_id, log_commit, log_prepare)`, so a page costs the same
 * at any depth. It stops before the first row an older inline write may still commit a row
 * before (`settledBound`); `held` tells that such a row, already committed, waits there: it
 * shows as soon as the older write ends, in a few milliseconds. `db` runs each statement on
 * a snapshot of its own (a pool, or a READ COMMITTED transaction).
 */
export async function readEventFeed(
  db: Queryable,
  brandId: string,
  options: FeedFilter & { after: FeedPosition; limit: number },
): Promise<{ rows: FeedRow[]; hasMore: boolean; held: boolean }> {
  const bound = await settledBound(db);
  const params: unknown[] = [
    brandId,
    options.after.commit,
    options.after.prepare,
    options.limit + 1,
    bound,
  ];
  const where = ['brand_id = $1', '(log_commit, log_prepare) > ($2::bigint, $3::bigint)'];
  if (options.types !== undefined) {
    params.push(options.types);
    where.push(`event_type = ANY ($${params.length}::text[])`);
  }
  if (options.createdAfter !== undefined) {
    params.push(options.createdAfter);
    where.push(`occurred_at > $${params.length}::timestamptz`);
  }
  const { rows } = await db.query<RawRow>(
    `SELECT id, event_type, body, ${positionColumns}, written_xid < $5::text::xid8 AS settled
     FROM brand_events WHERE ${where.join(' AND ')}
     ORDER BY log_commit, log_prepare LIMIT $4`,
    params,
  );
  const firstHeld = rows.findIndex((row) => !row.settled);
  const readable = firstHeld < 0 ? rows : rows.slice(0, firstHeld);
  const hasMore = readable.length > options.limit;
  return {
    hasMore,
    held: !hasMore && firstHeld >= 0,
    rows: readable.slice(0, options.limit).map((row) => ({
      id: row.id,
      type: row.event_type,
      body: row.body,
      position: positionOf(row),
    })),
  };
}

/** The position of the brand's event with this id (a `Last-Event-ID`), if it has one. */
export const feedPositionOf = lookup<[brandId: string, id: string], PositionRow, FeedPosition>(
  `SELECT ${positionColumns} FROM brand_events WHERE brand_id = $1 AND id = $2`,
  positionOf,
);

/**
 * The position of the brand's newest settled event: a stream opened without a cursor starts
 * after it, so it gets what is written from then on (and what was still being written).
 */
export async function feedHeadOf(db: Queryable, brandId: string): Promise<FeedPosition> {
  const bound = await settledBound(db);
  const { rows } = await db.query<PositionRow>(
    `SELECT ${positionColumns} FROM brand_events WHERE brand_id = $1 AND written_xid < $2::text::xid8
     ORDER BY log_commit DESC, log_prepare DESC LIMIT 1`,
    [brandId, bound],
  );
  const row = rows[0];
  return row ? positionOf(row) : startOfFeed;
}
