import { startOfLog } from '@brand-api/event-store';
import type { Database, HeldLock, LogPosition, Queryable } from '@brand-api/event-store';
import { runnerLockKey } from './read-model';
import { quoteIdent, tablesOf } from './shadow-schema';

/** A swap replaces the live tables (readers wait); a compare only stops their writes. */
export type AlignMode = 'swap' | 'compare';

/**
 * The live side of a shadow run, as a rebuild or a verify reads and locks it: the live
 * projection's checkpoint, its tables, and whether a live projector leads it.
 */
export class LiveProjection {
  constructor(
    private readonly db: Database,
    readonly schema: string,
    readonly name: string,
  ) {}

  /** Whether the live projection is applied inline (its checkpoint is marked so). */
  async isInline(): Promise<boolean> {
    const { rows } = await this.db.query<{ status: string }>(
      `SELECT status FROM ${quoteIdent(this.schema)}.projection_checkpoints WHERE name = $1`,
      [this.name],
    );
    return rows[0]?.status === 'inline';
  }

  /** Live checkpoint without locking (verify reads it to bound the replay). */
  async checkpoint(): Promise<LogPosition> {
    const { rows } = await this.db.query<{ commit: number; prepare: number }>(
      `SELECT commit, prepare FROM ${quoteIdent(this.schema)}.projection_checkpoints
       WHERE name = $1`,
      [this.name],
    );
    return rows[0] ?? startOfLog;
  }

  /** The live checkpoint, locked for the transaction; the start of the log when there is none. */
  async lockCheckpoint(tx: Queryable): Promise<LogPosition> {
    const { rows } = await tx.query<{ commit: number; prepare: number }>(
      `SELECT commit, prepare FROM ${quoteIdent(this.schema)}.projection_checkpoints
       WHERE name = $1 FOR UPDATE`,
      [this.name],
    );
    return rows[0] ?? startOfLog;
  }

  /**
   * Locks those of the shadow's `tables` that exist live: against everything for a swap,
   * against writes (reads go on) for a compare.
   */
  async lockTables(tx: Queryable, tables: readonly string[], mode: AlignMode): Promise<void> {
    const liveTables = await tablesOf(tx, this.schema);
    const locked = tables.filter((table) => liveTables.includes(table));
    if (locked.length === 0) return;
    const list = locked.map((table) => `${quoteIdent(this.schema)}.${quoteIdent(table)}`);
    const lockMode = mode === 'swap' ? 'ACCESS EXCLUSIVE' : 'EXCLUSIVE';
    await tx.query(`LOCK TABLE ${list.join(', ')} IN ${lockMode} MODE`);
  }

  /** The live projector's lock, when no live projector leads the projection; else null. */
  tryLead(): Promise<HeldLock | null> {
    return this.db.tryLock(runnerLockKey(this.name));
  }

  /** Whether a live projector currently leads the projection (in any process). */
  async hasLeader(): Promise<boolean> {
    const lock = await this.tryLead();
    await lock?.release();
    return lock === null;
  }
}
