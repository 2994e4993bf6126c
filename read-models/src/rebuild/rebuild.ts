import {
  checkpointsChannel,
  comparePositions,
  listParked,
  settleParkedAfterRebuild,
} from '@brand-api/event-store';
import type { LogPosition, ParkedEvent, Queryable } from '@brand-api/event-store';
import { aligned } from './alignment';
import type { TableDiff } from './compare-tables';
import { compareTable, hasDrift } from './compare-tables';
import { retiredSchemaOf } from './read-model';
import { RebuildInterruptedError } from './rebuild-errors';
import type { PassedOverEvent, RebuildPurpose } from './rebuild-state';
import { readRebuild, setRebuildState } from './rebuild-state';
import { ShadowRun } from './shadow-run';
import type { ShadowRunOptions } from './shadow-run-options';
import { dropSchema, objectsTheSwapCannotMove, quoteIdent } from './shadow-schema';

export interface RebuildResult {
  projection: string;
  /** The live checkpoint after the swap: the rebuilt tables reflect the log up to here. */
  position: LogPosition;
  eventsDone: number;
  resumed: boolean;
  tables: string[];
  /** Events the replay passed over (the projection fails on them): parked live after the swap. */
  passedOver: PassedOverEvent[];
  durationMs: number;
  /**
   * For a projection applied inline: how long the swap held the writes (the inline-writes lock,
   * taken exclusively for the swap's transaction only). Undefined for a runner's projection.
   */
  writesHeldMs: number | undefined;
}

/**
 * What parking left behind, as of the compared position: events the live projection parked
 * (or an operator skipped) whose effects the live tables lack, and where a replay disagrees.
 */
export interface ParkingReport {
  /** Parked and not resolved: the log says more than the live tables show. */
  parked: PassedOverEvent[];
  /** Skipped by an operator: acknowledged, still not applied. */
  skipped: PassedOverEvent[];
  /** Parked or skipped live, but a replay applies them today: a retry would now succeed. */
  applicableNow: PassedOverEvent[];
  /** Passed over by the replay but applied live: the live tables hold what today's code refuses. */
  refusedNow: PassedOverEvent[];
}

export interface VerifyResult {
  projection: string;
  /** Both sides were compared as of this log position. */
  position: LogPosition;
  /** The live tables differ from a replay, or parked events are still unapplied. */
  drift: boolean;
  tables: TableDiff[];
  parking: ParkingReport;
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
  const { db, readModel } = options;
  const { projection } = readModel;
  const retired = retiredSchemaOf(projection.name);
  return withShadowRun(options, 'rebuild', async (run) => {
    await run.replay();
    run.report('swapping');
    await setRebuildState(db, run.liveSchema, projection.name, 'swapping');
    const result = await aligned(run, 'swap', async (tx, position, tables) => {
      await swapTables(tx, run.liveSchema, run.shadowSchema, retired, tables);
      const passedOver = (await readRebuild(tx, projection.name, run.liveSchema))?.passedOver ?? [];
      await settleParkedAfterRebuild(tx, projection.name, passedOver);
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
        passedOver,
      });
      // Waiters for read-after-write re-read checkpoints at once instead of at their next poll.
      await tx.query('SELECT pg_notify($1, $2)', [checkpointsChannel, projection.name]);
      return { position, tables, passedOver };
    });
    // The retired tables go after the commit: readers that were queued on them have moved on.
    await dropSchema(db, retired);
    return { ...result, resumed: run.resumed, writesHeldMs: run.writesHeldMs };
  });
}

/**
 * Rebuilds into shadow tables and compares them row by row with the live tables at the same
 * log position, while the live tables are locked against writes (reads go on). Drift means
 * the live tables are not what the log and today's projection code say they should be.
 */
export async function verifyReadModel(options: ShadowRunOptions): Promise<VerifyResult> {
  const { db, readModel } = options;
  const { projection } = readModel;
  return withShadowRun(options, 'verify', async (run) => {
    // Without a live projector the live tables stay where they are: replay only that far. An
    // inline projection's tables show the whole log: replay to its head.
    const moving = (await run.live.hasLeader()) || (await run.live.isInline());
    await run.replay(moving ? undefined : await run.live.checkpoint());
    run.report('comparing');
    await setRebuildState(db, run.liveSchema, projection.name, 'comparing');
    return aligned(run, 'compare', async (tx, position, tables) => {
      const diffs: TableDiff[] = [];
      for (const table of tables) {
        diffs.push(await compareTable(tx, run.liveSchema, run.shadowSchema, table));
      }
      const passedOver = (await readRebuild(tx, projection.name, run.liveSchema))?.passedOver ?? [];
      const parking = parkingReport(
        await listParked(tx, { projections: [projection.name] }),
        passedOver,
        position,
      );
      const drift =
        diffs.some(hasDrift) || parking.parked.length > 0 || parking.refusedNow.length > 0;
      await setRebuildState(tx, run.liveSchema, projection.name, 'done', null, {
        position,
        drift,
        tables: diffs,
        parking,
      });
      return { position, drift, tables: diffs, parking };
    });
  });
}

/**
 * What a rebuild and a verify share: open the shadow run, do `work`, drop the shadow schema,
 * and record an interruption or a failure; the run's lock is released however it ends.
 */
async function withShadowRun<T extends { position: LogPosition }>(
  options: ShadowRunOptions,
  purpose: RebuildPurpose,
  work: (run: ShadowRun) => Promise<T>,
): Promise<T & { projection: string; eventsDone: number; durationMs: number }> {
  const started = Date.now();
  const run = await ShadowRun.open(options, purpose);
  try {
    const result = await work(run);
    await dropSchema(options.db, run.shadowSchema);
    run.report('done');
    return {
      projection: options.readModel.projection.name,
      ...result,
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

/** Compares the live parked events with what a replay up to `position` passed over. */
function parkingReport(
  live: readonly ParkedEvent[],
  passedOver: readonly PassedOverEvent[],
  position: LogPosition,
): ParkingReport {
  const key = (e: { commit: number; prepare: number }) => `${e.commit}/${e.prepare}`;
  const asPassedOver = (p: ParkedEvent): PassedOverEvent => ({
    commit: p.position.commit,
    prepare: p.position.prepare,
    eventId: p.eventId,
    eventType: p.eventType,
    streamName: p.streamName,
    streamVersion: p.streamVersion,
    error: p.error,
  });
  const unapplied = live
    .filter((p) => p.status !== 'retried' && comparePositions(p.position, position) <= 0)
    .map((p) => ({ status: p.status, event: asPassedOver(p) }));
  const replayed = new Set(passedOver.map(key));
  const unappliedKeys = new Set(unapplied.map((u) => key(u.event)));
  return {
    parked: unapplied.filter((u) => u.status === 'parked').map((u) => u.event),
    skipped: unapplied.filter((u) => u.status === 'skipped').map((u) => u.event),
    applicableNow: unapplied.filter((u) => !replayed.has(key(u.event))).map((u) => u.event),
    refusedNow: passedOver.filter((e) => !unappliedKeys.has(key(e))),
  };
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
