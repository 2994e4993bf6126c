import type { Queryable } from '../db';
import type { LogPosition } from '../event-store';
import type { ProjectionCheckpoint, ProjectionStatus } from './projection';

interface CheckpointRow {
  name: string;
  version: number;
  commit: number;
  prepare: number;
  status: ProjectionStatus;
  last_error: string | null;
  updated_at: Date;
  parked: number;
}

const toCheckpoint = (row: CheckpointRow): ProjectionCheckpoint => ({
  name: row.name,
  version: row.version,
  position: { commit: row.commit, prepare: row.prepare },
  status: row.status,
  lastError: row.last_error,
  updatedAt: row.updated_at,
  parked: row.parked,
});

export async function readCheckpoints(
  db: Queryable,
  names: readonly string[],
): Promise<ProjectionCheckpoint[]> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT name, version, commit, prepare, status, last_error, updated_at, parked
     FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name`,
    [names],
  );
  return rows.map(toCheckpoint);
}

/** Creates the row when missing and locks it for the rest of the transaction. */
export async function lockCheckpoint(
  tx: Queryable,
  name: string,
  version: number,
): Promise<ProjectionCheckpoint> {
  await tx.query(
    `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [name, version],
  );
  const { rows } = await tx.query<CheckpointRow>(
    `SELECT name, version, commit, prepare, status, last_error, updated_at, parked
     FROM projection_checkpoints WHERE name = $1 FOR UPDATE`,
    [name],
  );
  return toCheckpoint(rows[0]!);
}

export async function resetCheckpoint(tx: Queryable, name: string, version: number): Promise<void> {
  await tx.query(
    `UPDATE projection_checkpoints
     SET version = $2, commit = 0, prepare = 0, last_error = NULL, updated_at = now()
     WHERE name = $1`,
    [name, version],
  );
}

/**
 * Moves the checkpoint only if it is still where this runner left it: a second runner that
 * believed itself leader (a lock lost with its connection) finds 0 rows and rolls back.
 */
export async function advanceCheckpoint(
  tx: Queryable,
  name: string,
  version: number,
  from: LogPosition,
  to: LogPosition,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE projection_checkpoints
     SET commit = $5, prepare = $6, status = 'running', last_error = NULL, updated_at = now()
     WHERE name = $1 AND version = $2 AND commit = $3 AND prepare = $4`,
    [name, version, from.commit, from.prepare, to.commit, to.prepare],
  );
  return rowCount === 1;
}

export async function setStatus(
  db: Queryable,
  name: string,
  status: ProjectionStatus,
  lastError: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints SET status = $2, last_error = $3, updated_at = now() WHERE name = $1`,
    [name, status, lastError],
  );
}
