import type { Queryable } from '../db';
import { isDatabaseUnavailable, sqlStateOf } from '../db';
import type { LogPosition, RecordedEvent } from '../event-store';
import { ProjectionApplyError } from './projection';

/**
 * An event a projection failed on again and again and passed over, so that the rest of the log
 * (every other brand's writes) kept flowing. Operators retry it after a fix or skip it.
 * Positions are the event store's (Postgres: commit = transaction id, prepare = global position).
 */
export interface ParkedEvent {
  projection: string;
  position: LogPosition;
  eventId: string;
  eventType: string;
  streamName: string;
  streamVersion: number;
  error: string;
  attempts: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  /** parked: passed over, not applied; retried: applied since; skipped: acknowledged, never applied. */
  status: ParkedStatus;
  resolvedAt: Date | null;
}

export type ParkedStatus = 'parked' | 'retried' | 'skipped';

/** A failure to park: the same event failing each time, how often and since when. */
export interface PoisonFailure {
  event: RecordedEvent;
  error: string;
  attempts: number;
  firstSeenAt: Date;
}

/**
 * Whether a failure applying one event will recur whatever the timing, so that retrying for
 * ever would stop the projection for everyone: a value the tables cannot hold (SQLSTATE class
 * 22, data exception), a constraint it breaks (class 23), or an exception thrown by the
 * projection's own code on this event's data. Anything else (a lost connection, a deadlock,
 * a cancelled statement, a table or column missing after a bad deploy) is retried until it
 * passes: parking would then pass over every event.
 */
export function isPoison(error: unknown): error is ProjectionApplyError {
  if (!(error instanceof ProjectionApplyError)) return false;
  // pg reports a connection lost under a statement with no code ("Connection terminated").
  if (isDatabaseUnavailable(error.cause)) return false;
  const state = sqlStateOf(error.cause);
  if (state !== undefined && /^[0-9A-Z]{5}$/.test(state)) {
    return state.startsWith('22') || state.startsWith('23');
  }
  // A Node system error (ECONNRESET, ETIMEDOUT…) is about the connection, not the event.
  if (state !== undefined) return false;
  return error.cause instanceof Error;
}

interface ParkedRow {
  projection: string;
  commit: number;
  prepare: number;
  event_id: string;
  event_type: string;
  stream_name: string;
  stream_version: number;
  error: string;
  attempts: number;
  first_seen_at: Date;
  last_seen_at: Date;
  status: ParkedStatus;
  resolved_at: Date | null;
}

const columns = `projection, commit, prepare, event_id::text AS event_id, event_type, stream_name,
  stream_version, error, attempts, first_seen_at, last_seen_at, status, resolved_at`;

const toParked = (row: ParkedRow): ParkedEvent => ({
  projection: row.projection,
  position: { commit: Number(row.commit), prepare: Number(row.prepare) },
  eventId: row.event_id,
  eventType: row.event_type,
  streamName: row.stream_name,
  streamVersion: row.stream_version,
  error: row.error,
  attempts: row.attempts,
  firstSeenAt: row.first_seen_at,
  lastSeenAt: row.last_seen_at,
  status: row.status,
  resolvedAt: row.resolved_at,
});

/** Records events as parked (again) and recounts the projection's open ones. */
export async function parkEvents(
  tx: Queryable,
  projection: string,
  failures: readonly PoisonFailure[],
  now: Date,
): Promise<void> {
  for (const { event, error, attempts, firstSeenAt } of failures) {
    await tx.query(
      `INSERT INTO projection_parked_events (projection, commit, prepare, event_id, event_type,
         stream_name, stream_version, error, attempts, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (projection, commit, prepare) DO UPDATE SET status = 'parked',
         error = EXCLUDED.error, attempts = projection_parked_events.attempts + EXCLUDED.attempts,
         last_seen_at = EXCLUDED.last_seen_at, resolved_at = NULL`,
      [
        projection,
        event.position.commit,
        event.position.prepare,
        event.id,
        event.type,
        event.streamName,
        event.streamVersion,
        error,
        attempts,
        firstSeenAt,
        now,
      ],
    );
  }
  await recountParked(tx, projection);
}

/**
 * Marks a parked event retried (applied: a skipped one may be retried too) or skipped
 * (acknowledged); false when there was no such event to resolve.
 */
export async function resolveParked(
  tx: Queryable,
  projection: string,
  position: LogPosition,
  status: Exclude<ParkedStatus, 'parked'>,
): Promise<boolean> {
  const from = status === 'retried' ? ['parked', 'skipped'] : ['parked'];
  const { rowCount } = await tx.query(
    `UPDATE projection_parked_events SET status = $4, resolved_at = now()
     WHERE projection = $1 AND commit = $2 AND prepare = $3 AND status = ANY($5::text[])`,
    [projection, position.commit, position.prepare, status, from],
  );
  await recountParked(tx, projection);
  return rowCount === 1;
}

/** A failed retry: the event stays parked, with the new error and one more attempt. */
export async function recordRetryFailure(
  db: Queryable,
  projection: string,
  position: LogPosition,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE projection_parked_events SET error = $4, attempts = attempts + 1, last_seen_at = now()
     WHERE projection = $1 AND commit = $2 AND prepare = $3`,
    [projection, position.commit, position.prepare, error],
  );
}

/** A projection replayed from the start re-parks what still fails; the old rows are settled. */
export async function settleParkedForReplay(tx: Queryable, projection: string): Promise<void> {
  await tx.query(
    `UPDATE projection_parked_events SET status = 'retried', resolved_at = now()
     WHERE projection = $1 AND status = 'parked'`,
    [projection],
  );
  await recountParked(tx, projection);
}

/** An event a replay passed over, by position, as a shadow rebuild records it. */
export interface PassedOver {
  commit: number;
  prepare: number;
  eventId: string;
  eventType: string;
  streamName: string;
  streamVersion: number;
  error: string;
}

/**
 * After a rebuild swapped in tables replayed from the log: what it applied is applied now
 * (open parked rows it did not pass over are settled as retried), and what it passed over is
 * parked, except what an operator had already skipped.
 */
export async function settleParkedAfterRebuild(
  tx: Queryable,
  projection: string,
  passedOver: readonly PassedOver[],
): Promise<void> {
  await tx.query(
    `UPDATE projection_parked_events SET status = 'retried', resolved_at = now()
     WHERE projection = $1 AND status <> 'retried'
       AND (commit, prepare) NOT IN (SELECT * FROM unnest($2::bigint[], $3::bigint[]))`,
    [projection, passedOver.map((e) => e.commit), passedOver.map((e) => e.prepare)],
  );
  for (const event of passedOver) {
    await tx.query(
      `INSERT INTO projection_parked_events (projection, commit, prepare, event_id, event_type,
         stream_name, stream_version, error, attempts, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, now(), now())
       ON CONFLICT (projection, commit, prepare) DO UPDATE SET error = EXCLUDED.error,
         attempts = projection_parked_events.attempts + 1, last_seen_at = now(),
         status = CASE projection_parked_events.status WHEN 'skipped' THEN 'skipped' ELSE 'parked' END,
         resolved_at = CASE projection_parked_events.status
           WHEN 'skipped' THEN projection_parked_events.resolved_at END`,
      [
        projection,
        event.commit,
        event.prepare,
        event.eventId,
        event.eventType,
        event.streamName,
        event.streamVersion,
        event.error,
      ],
    );
  }
  await recountParked(tx, projection);
}

async function recountParked(tx: Queryable, projection: string): Promise<void> {
  await tx.query(
    `UPDATE projection_checkpoints SET parked = (
       SELECT count(*) FROM projection_parked_events WHERE projection = $1 AND status = 'parked')
     WHERE name = $1`,
    [projection],
  );
}

export interface ParkedFilter {
  projections?: readonly string[];
  status?: ParkedStatus;
  /** The global position an operator names (the `prepare` part). */
  prepare?: number;
}

/** Parked events, oldest first. */
export async function listParked(db: Queryable, filter: ParkedFilter = {}): Promise<ParkedEvent[]> {
  const { rows } = await db.query<ParkedRow>(
    `SELECT ${columns} FROM projection_parked_events
     WHERE ($1::text[] IS NULL OR projection = ANY($1::text[]))
       AND ($2::text IS NULL OR status = $2) AND ($3::bigint IS NULL OR prepare = $3)
     ORDER BY commit, prepare, projection`,
    [filter.projections ?? null, filter.status ?? null, filter.prepare ?? null],
  );
  return rows.map(toParked);
}

/**
 * The events of these appends (by commit position) that a projection passed over and that are
 * still not applied (parked or skipped): a write whose event is among them is not visible.
 */
export async function unappliedIn(
  db: Queryable,
  projections: readonly string[],
  commits: readonly number[],
): Promise<ParkedEvent[]> {
  if (commits.length === 0) return [];
  const { rows } = await db.query<ParkedRow>(
    `SELECT ${columns} FROM projection_parked_events
     WHERE projection = ANY($1::text[]) AND commit = ANY($2::bigint[]) AND status <> 'retried'
     ORDER BY commit, prepare`,
    [projections, commits],
  );
  return rows.map(toParked);
}
