import { checkpointsChannel } from '@brand-api/event-store';
import type { LogPosition, Queryable } from '@brand-api/event-store';
import type { TableDiff } from './compare-tables';
import { compareTable, hasDrift } from './compare-tables';
import { retiredSchemaOf } from './read-model';
import { setRebuildState } from './rebuild-state';
import { dropSchema, objectsTheSwapCannotMove, quoteIdent } from './shadow-schema';
import type { ShadowRunOptions } from './shadow-run';
import { RebuildInterruptedError, ShadowRun } from './shadow-run';

export interface RebuildResult {
  projection: string;
  /** The live checkpoint after the swap: the rebuilt tables reflect the log up to here. */
  position: LogPosition;
  eventsDone: number;
  resumed: boolean;
  tables: string[];
  durationMs: number;
}

export interface VerifyResult {
  projection: string;
  /** Both sides were compared as of this log position. */
  position: LogPosition;
  drift: boolean;
  tables: TableDiff[];
  eventsDone: number;
  durationMs: number;
}

/**
 * Rebuilds a read model without stopping the API: replays the log into shadow tables (resuming
 * an interrupted shadow), then swaps them for the live ones with the checkpoint in one short
 * transaction. Readers use the old tables until that commit and the new ones after it; the
 * live projector carries on from the same position. Only this projection's tables and
 * checkpoint are touched, so the webhook projector and its outbox never see a replay.
 */
export async function rebuildReadModel(options: ShadowRunOptions): Promise<RebuildResult> {
  const started = Date.now();
  const run = await ShadowRun.open(options, 'rebuild');
  const { db, readModel } = options;
  const { projection } = readModel;
  const retired = retiredSchemaOf(projection.name);
  try {
    await run.replay();
    run.report('swapping');
    await setRebuildState(db, run.liveSchema, projection.name, 'swapping');
    const result = await run.aligned('swap', async (tx, position, tables) => {
      await swapTables(tx, run.liveSchema, run.shadowSchema, retired, tables);
      await tx.query(
        `INSERT INTO ${quoteIdent(run.liveSchema)}.projection_checkpoints (name, version, commit, prepare)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET version = $2, commit = $3, prepare = $4, updated_at = now()`,
        [projection.name, projection.version, position.commit, position.prepare],
      );
      await setRebuildState(tx, run.liveSchema, projection.name, 'done', null, {
        position,
        tables,
        eventsDone: run.eventsDone,
      });
      // Waiters for read-after-write re-read checkpoints at once instead of at their next poll.
      await tx.query('SELECT pg_notify($1, $2)', [checkpointsChannel, projection.name]);
      return { position, tables };
    });
    // The retired tables go after the commit: readers that were queued on them have moved on.
    await dropSchema(db, retired);
    await dropSchema(db, run.shadowSchema);
    run.report('done');
    return {
      projection: projection.name,
      position: result.position,
      eventsDone: run.eventsDone,
      resumed: run.resumed,
      tables: result.tables,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    await recordFailure(run, error);
    throw error;
  } finally {
    await run.release();
  }
}

/**
 * Rebuilds into shadow tables and compares them row by row with the live tables at the same
 * log position, while the live tables are locked against writes (reads go on). Drift means
 * the live tables are not what the log and today's projection code say they should be.
 */
export async function verifyReadModel(options: ShadowRunOptions): Promise<VerifyResult> {
  const started = Date.now();
  const run = await ShadowRun.open(options, 'verify');
  const { db, readModel } = options;
  const { projection } = readModel;
  try {
    // Without a live projector the live tables stay where they are: replay only that far.
    await run.replay((await run.hasLiveLeader()) ? undefined : await run.liveCheckpoint());
    run.report('comparing');
    await setRebuildState(db, run.liveSchema, projection.name, 'comparing');
    const result = await run.aligned('compare', async (tx, position, tables) => {
      const diffs: TableDiff[] = [];
      for (const table of tables) {
        diffs.push(await compareTable(tx, run.liveSchema, run.shadowSchema, table));
      }
      await setRebuildState(tx, run.liveSchema, projection.name, 'done', null, {
        position,
        drift: diffs.some(hasDrift),
        tables: diffs,
      });
      return { position, diffs };
    });
    await dropSchema(db, run.shadowSchema);
    run.report('done');
    return {
      projection: projection.name,
      position: result.position,
      drift: result.diffs.some(hasDrift),
      tables: result.diffs,
      eventsDone: run.eventsDone,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    await recordFailure(run, error);
    throw error;
  } finally {
    await run.release();
  }
}

/** Moves the live tables aside and the shadow ones into their place (names, indexes and
 *  owned sequences travel with each table). */
async function swapTables(
  tx: Queryable,
  liveSchema: string,
  shadowSchema: string,
  retiredSchema: string,
  tables: readonly string[],
): Promise<void> {
  const stranded = await objectsTheSwapCannotMove(tx, shadowSchema);
  if (stranded.length > 0) {
    throw new Error(
      `The read model's migrations create objects a swap cannot move (${stranded.join(', ')}); ` +
        'shadow rebuilds support tables with their indexes, constraints and owned sequences',
    );
  }
  await tx.query(`DROP SCHEMA IF EXISTS ${quoteIdent(retiredSchema)} CASCADE`);
  await tx.query(`CREATE SCHEMA ${quoteIdent(retiredSchema)}`);
  for (const table of tables) {
    const { rows } = await tx.query(
      `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p')`,
      [liveSchema, table],
    );
    if (rows.length > 0) {
      await tx.query(
        `ALTER TABLE ${quoteIdent(liveSchema)}.${quoteIdent(table)} SET SCHEMA ${quoteIdent(retiredSchema)}`,
      );
    }
    await tx.query(
      `ALTER TABLE ${quoteIdent(shadowSchema)}.${quoteIdent(table)} SET SCHEMA ${quoteIdent(liveSchema)}`,
    );
  }
}

async function recordFailure(run: ShadowRun, error: unknown): Promise<void> {
  const interrupted = error instanceof RebuildInterruptedError;
  await setRebuildState(
    run.options.db,
    run.liveSchema,
    run.name,
    interrupted ? 'interrupted' : 'failed',
    interrupted ? null : error instanceof Error ? error.message : String(error),
  ).catch(() => undefined);
}
