import type { Transaction } from '../db';
import type { RecordedEvent } from '../event-store';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection';
import { StatementPipeline } from './statement-pipeline';
import type { StatementFailure } from './statement-pipeline';

const savepoint = 'projection_apply';

/**
 * Runs a batch's events through the projection inside the caller's transaction: each handled
 * event's statements in log order, many per round trip (StatementPipeline), runs of one
 * RowInsert as multi-row INSERTs. The live runner and a rebuild both apply events this way.
 *
 * A failure is a ProjectionApplyError naming the event it came from (the runner parks poison
 * events by it, a rebuild passes over them).
 * A failing multi-row INSERT does not say which of its rows' events is at fault: the batch
 * then goes back to a savepoint taken before it and runs again with one INSERT per row, which
 * names the event. Any other failing statement names its event at once.
 */
export async function applyPipelined(
  tx: Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  const pipeline = new StatementPipeline(tx, true);
  pipeline.add({ text: `SAVEPOINT ${savepoint}` });
  let failure = await run(pipeline, projection, events);
  if (failure?.ambiguous) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    failure = await run(new StatementPipeline(tx, false), projection, events);
  }
  if (failure) throw toApplyError(projection, failure);
  await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
}

/** Sends the events' statements; the first failure, once everything sent has run. */
async function run(
  pipeline: StatementPipeline,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<StatementFailure | undefined> {
  const handled = new Set(projection.handles);
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    let statements;
    try {
      statements = await projection.apply(event, pipeline.tx);
    } catch (error) {
      // A statement that failed before is what the projection tripped over: it comes first.
      await pipeline.flush();
      return pipeline.failure ?? { event, error, ambiguous: false };
    }
    for (const statement of statements ?? []) pipeline.add(statement, event);
    await pipeline.pace();
    if (pipeline.failure) break;
  }
  await pipeline.flush();
  return pipeline.failure;
}

function toApplyError(projection: Projection, failure: StatementFailure): Error {
  if (!failure.event) {
    // The runner's own statement (the savepoint) failed: no event is at fault.
    return failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  }
  return new ProjectionApplyError(projection.name, failure.event, failure.error);
}
