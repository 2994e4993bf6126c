import type { WebhookEventType } from '@brand-api/contracts';
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
}

/**
 * Rows written by a transaction older than every running one: no row can commit later with a
 * smaller position (a row's position is its source event's, and the event's transaction writes
 * it, or the projector writes rows in log order), so a keyset walk never skips one that was
 * still in flight. Rows of a recent write show as soon as the transactions before it end.
 */
const settled = 'written_xid < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * The brand's events after `after`, in log order, at most `limit` (and whether more follow):
 * one range of the primary key `(brand_id, log_commit, log_prepare)`, so a page costs the same
 * at any depth.
 */
export async function readEventFeed(
  db: Queryable,
  brandId: string,
  options: FeedFilter & { after: FeedPosition; limit: number },
): Promise<{ rows: FeedRow[]; hasMore: boolean }> {
  const params: unknown[] = [
    brandId,
    options.after.commit,
    options.after.prepare,
    options.limit + 1,
  ];
  const where = ['brand_id = $1', '(log_commit, log_prepare) > ($2::bigint, $3::bigint)', settled];
  if (options.types !== undefined) {
    params.push(options.types);
    where.push(`event_type = ANY ($${params.length}::text[])`);
  }
  if (options.createdAfter !== undefined) {
    params.push(options.createdAfter);
    where.push(`occurred_at > $${params.length}::timestamptz`);
  }
  const { rows } = await db.query<RawRow>(
    `SELECT id, event_type, body, ${positionColumns}
     FROM brand_events WHERE ${where.join(' AND ')}
     ORDER BY log_commit, log_prepare LIMIT $4`,
    params,
  );
  const hasMore = rows.length > options.limit;
  return {
    hasMore,
    rows: rows.slice(0, options.limit).map((row) => ({
      id: row.id,
      type: row.event_type,
      body: row.body,
      position: positionOf(row),
    })),
  };
}

/** The position of the brand's event with this id (a `Last-Event-ID`), if it has one. */
export async function feedPositionOf(
  db: Queryable,
  brandId: string,
  id: string,
): Promise<FeedPosition | undefined> {
  const { rows } = await db.query<PositionRow>(
    `SELECT ${positionColumns} FROM brand_events WHERE brand_id = $1 AND id = $2`,
    [brandId, id],
  );
  const row = rows[0];
  return row && positionOf(row);
}

/**
 * The position of the brand's newest settled event: a stream opened without a cursor starts
 * after it, so it gets what is written from then on (and what was still being written).
 */
export async function feedHeadOf(db: Queryable, brandId: string): Promise<FeedPosition> {
  const { rows } = await db.query<PositionRow>(
    `SELECT ${positionColumns} FROM brand_events WHERE brand_id = $1 AND ${settled}
     ORDER BY log_commit DESC, log_prepare DESC LIMIT 1`,
    [brandId],
  );
  const row = rows[0];
  return row ? positionOf(row) : startOfFeed;
}
