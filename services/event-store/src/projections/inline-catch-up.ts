import type { Database } from '../db';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { comparePositions, startOfLog } from '../event-store';
import { applyPipelined } from './apply-events';
import { advanceCheckpoint, lockCheckpoint, resetCheckpoint, setStatus } from './checkpoints';
import type { InlineProjector } from './inline-projector';
import { inlineWritesLock } from './inline-writers';
import type { Projection } from './projection';
import type { PoisonFailure } from './parked-events';
import { isPoison, parkEvents, settleParkedForReplay } from './parked-events';

/** Another process moved the checkpoint first: its batch stands, this one rolls back. */
class CheckpointMovedError extends Error {}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CatchUpOptions {
  /** Events per transaction (default 1,000). */
  batchSize?: number;
  /** Told when an event the projection cannot apply is parked on the way (as the runner does). */
  onParked?: (projection: string, event: RecordedEvent, error: string) => void;
}

/**
 * Makes the inline projections current before this process writes. A projection that an
 * asynchronous runner applied until now (a database from before inline projections, or one
 * that ran on a single-stream store) is brought from its checkpoint to the head of the log; one
 * whose version changed is emptied and replayed from the start (as the runner does on a version
 * bump). Then its checkpoint is marked `inline`: from there on every append applies it in its
 * own transaction, and the checkpoint no longer moves. Marking takes the inline-writes lock
 * exclusively, so no write is in flight at that moment.
 *
 * An event the projection cannot apply is parked, as the runner would have parked it: the
 * operator tools (parked list, retry, skip) see it as before.
 */
export async function catchUpInline(
  db: Database,
  store: EventStore,
  inline: InlineProjector,
  options: CatchUpOptions = {},
): Promise<void> {
  for (const projection of inline.projections) {
    await catchUpOne(db, store, projection, options);
  }
}

async function catchUpOne(
  db: Database,
  store: EventStore,
  projection: Projection,
  options: CatchUpOptions,
): Promise<void> {
  const batchSize = options.batchSize ?? 1000;
  for (;;) {
    const checkpoint = await db.transaction(async (tx) => {
      const found = await lockCheckpoint(tx, projection.name, projection.version);
      if (found.version > projection.version) {
        throw new Error(
          `${projection.name}: the database holds version ${found.version}, newer than this code's ${projection.version}`,
        );
      }
      if (found.version < projection.version) {
        await projection.reset?.(tx);
        await resetCheckpoint(tx, projection.name, projection.version);
        await settleParkedForReplay(tx, projection.name);
        await setStatus(tx, projection.name, 'running');
        return { ...found, version: projection.version, position: startOfLog, status: 'running' };
      }
      return found;
    });
    if (checkpoint.status === 'inline') return;
    const from = checkpoint.position;
    const events = await store.readAll({ after: from, limit: batchSize });
    if (events.length > 0) {
      // Another process catching up at the same time may have moved the checkpoint: read it again.
      await applyBatch(db, projection, from, events, options);
      continue;
    }
    // Nothing readable after the checkpoint. An append committing right now may still be
    // hidden from readers (they see only transactions older than every running one): wait
    // until nothing at all lies after it.
    if ((await store.countEvents({ after: from })) > 0) {
      await delay(20);
      continue;
    }
    const marked = await db.transaction(
      async (tx) => {
        const now = await lockCheckpoint(tx, projection.name, projection.version);
        if (comparePositions(now.position, from) !== 0) return false;
        await setStatus(tx, projection.name, 'inline');
        return true;
      },
      { prelude: [inlineWritesLock('exclusive')] },
    );
    if (marked) return;
  }
}

/** Applies a batch and moves the checkpoint in one transaction, parking what cannot apply. */
async function applyBatch(
  db: Database,
  projection: Projection,
  from: LogPosition,
  events: readonly RecordedEvent[],
  options: CatchUpOptions,
): Promise<void> {
  const parked: PoisonFailure[] = [];
  for (;;) {
    try {
      await db.transaction(async (tx) => {
        const skip = new Set(parked.map((failure) => failure.event.id));
        await applyPipelined(
          tx,
          projection,
          events.filter((event) => !skip.has(event.id)),
        );
        if (parked.length > 0) await parkEvents(tx, projection.name, parked, new Date());
        const moved = await advanceCheckpoint(
          tx,
          projection.name,
          projection.version,
          from,
          events.at(-1)!.position,
        );
        if (!moved) throw new CheckpointMovedError();
      });
      for (const failure of parked) {
        options.onParked?.(projection.name, failure.event, failure.error);
      }
      return;
    } catch (error) {
      if (error instanceof CheckpointMovedError) return;
      if (!isPoison(error)) throw error;
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      parked.push({ event: error.event, error: cause, attempts: 1, firstSeenAt: new Date() });
    }
  }
}
