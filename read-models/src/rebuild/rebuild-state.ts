import type { LogPosition, PassedOver, Queryable } from '@brand-api/event-store';
import { quoteIdent } from './shadow-schema';

export type RebuildPurpose = 'rebuild' | 'verify';
export type RebuildState =
  'replaying' | 'swapping' | 'comparing' | 'interrupted' | 'failed' | 'done';

/** An event a shadow replay could not apply and passed over, as the live runner parks one. */
export type PassedOverEvent = PassedOver;

/** One row of `projection_rebuilds`: where a shadow replay stands. */
export interface RebuildRecord {
  name: string;
  purpose: RebuildPurpose;
  fingerprint: string;
  shadowSchema: string;
  position: LogPosition;
  eventsDone: number;
  eventsTotal: number | null;
  state: RebuildState;
  cancelRequested: boolean;
  lastError: string | null;
  /** What the run found (verify: the diff) or did (rebuild: its summary), once done. */
  result: unknown;
  /** Events the replay passed over because the projection fails on them for good. */
  passedOver: PassedOverEvent[];
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

interface Row {
  name: string;
  purpose: RebuildPurpose;
  fingerprint: string;
  shadow_schema: string;
  commit: number;
  prepare: number;
  events_done: number;
  events_total: number | null;
  state: RebuildState;
  cancel_requested: boolean;
  last_error: string | null;
  result: unknown;
  passed_over: PassedOverEvent[];
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const columns = `name, purpose, fingerprint, shadow_schema, commit, prepare, events_done,
  events_total, state, cancel_requested, last_error, result, passed_over, started_at, updated_at,
  finished_at`;

const toRecord = (row: Row): RebuildRecord => ({
  name: row.name,
  purpose: row.purpose,
  fingerprint: row.fingerprint,
  shadowSchema: row.shadow_schema,
  position: { commit: row.commit, prepare: row.prepare },
  eventsDone: row.events_done,
  eventsTotal: row.events_total,
  state: row.state,
  cancelRequested: row.cancel_requested,
  lastError: row.last_error,
  result: row.result,
  passedOver: row.passed_over,
  startedAt: row.started_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
});

/** The table is qualified: shadow transactions put another schema first on the search path. */
const table = (liveSchema: string) => `${quoteIdent(liveSchema)}.projection_rebuilds`;

export async function readRebuilds(db: Queryable, liveSchema = 'public'): Promise<RebuildRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${columns} FROM ${table(liveSchema)} ORDER BY name`);
  return rows.map(toRecord);
}

export async function readRebuild(
  db: Queryable,
  name: string,
  liveSchema: string,
): Promise<RebuildRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM ${table(liveSchema)} WHERE name = $1`,
    [name],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Starts a shadow from the beginning of the log (replacing any earlier row). */
export async function startRebuildRecord(
  tx: Queryable,
  liveSchema: string,
  fields: { name: string; purpose: RebuildPurpose; fingerprint: string; shadowSchema: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO ${table(liveSchema)} (name, purpose, fingerprint, shadow_schema, state)
     VALUES ($1, $2, $3, $4, 'replaying')
     ON CONFLICT (name) DO UPDATE SET purpose = $2, fingerprint = $3, shadow_schema = $4,
       commit = 0, prepare = 0, events_done = 0, events_total = NULL, state = 'replaying',
       cancel_requested = false, last_error = NULL, result = NULL, passed_over = '[]'::jsonb,
       started_at = now(), updated_at = now(), finished_at = NULL`,
    [fields.name, fields.purpose, fields.fingerprint, fields.shadowSchema],
  );
}

/** Resumes an existing shadow, possibly for the other purpose (a verify's shadow can be swapped in). */
export async function resumeRebuildRecord(
  db: Queryable,
  liveSchema: string,
  name: string,
  purpose: RebuildPurpose,
): Promise<void> {
  await db.query(
    `UPDATE ${table(liveSchema)} SET purpose = $2, state = 'replaying', cancel_requested = false,
       last_error = NULL, updated_at = now(), finished_at = NULL
     WHERE name = $1`,
    [name, purpose],
  );
}

/**
 * Moves the shadow checkpoint in the shadow batch's transaction. Answers whether an operator
 * asked (from any process) to interrupt the rebuild.
 */
export async function advanceRebuild(
  tx: Queryable,
  liveSchema: string,
  name: string,
  to: LogPosition,
  events: number,
  passedOver: readonly PassedOverEvent[] = [],
): Promise<{ cancelRequested: boolean }> {
  const { rows } = await tx.query<{ cancel_requested: boolean }>(
    `UPDATE ${table(liveSchema)}
     SET commit = $2, prepare = $3, events_done = events_done + $4, updated_at = now(),
       passed_over = passed_over || $5::jsonb
     WHERE name = $1 RETURNING cancel_requested`,
    [name, to.commit, to.prepare, events, JSON.stringify(passedOver)],
  );
  if (!rows[0]) throw new Error(`The rebuild record of ${name} disappeared`);
  return { cancelRequested: rows[0].cancel_requested };
}

export async function setRebuildTotal(
  db: Queryable,
  liveSchema: string,
  name: string,
  total: number,
): Promise<void> {
  await db.query(`UPDATE ${table(liveSchema)} SET events_total = $2 WHERE name = $1`, [
    name,
    total,
  ]);
}

export async function setRebuildState(
  db: Queryable,
  liveSchema: string,
  name: string,
  state: RebuildState,
  lastError: string | null = null,
  result: unknown = null,
): Promise<void> {
  await db.query(
    `UPDATE ${table(liveSchema)}
     SET state = $2, last_error = $3, result = $4::jsonb, updated_at = now(),
       finished_at = CASE WHEN $2 IN ('done', 'failed', 'interrupted') THEN now() END
     WHERE name = $1`,
    [name, state, lastError, result === null ? null : JSON.stringify(result)],
  );
}

/** Asks the process running the rebuild of `name` to stop after its current batch. */
export async function requestRebuildCancel(
  db: Queryable,
  name: string,
  liveSchema = 'public',
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${table(liveSchema)} SET cancel_requested = true
     WHERE name = $1 AND state IN ('replaying', 'swapping', 'comparing')`,
    [name],
  );
  return rowCount > 0;
}
