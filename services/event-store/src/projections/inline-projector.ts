import type { PipelinedStatement, Transaction } from '../db';
import { advisoryKeySql } from '../db';
import type { RecordedEvent } from '../event-store';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection';
import type { ProjectionObserver } from './runner-observers';
import type { QueuedStatement } from './statement-pipeline';
import { StatementPipeline } from './statement-pipeline';

/**
 * The advisory lock every inline write holds shared for its transaction, and that a rebuild's
 * swap (or the switch of a projection to inline) holds exclusively: while it is held, no write
 * is half done and none begins, so the log and the read tables agree.
 */
export const inlineWritesLockKey = 'projections:inline-writes';

/** Takes the inline-writes lock for the rest of the transaction: shared, or exclusively. */
export function inlineWritesLock(mode: 'shared' | 'exclusive'): PipelinedStatement {
  const fn = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  return {
    text: `SELECT ${fn}(${advisoryKeySql})`,
    params: [inlineWritesLockKey],
    name: `inline_writes_lock_${mode}`,
  };
}

/**
 * Read-model projections applied inside the transaction of the append that wrote their events
 * (Marten's `Inline` lifecycle, Emmett's inline projections): the log and the read tables are
 * in one database, so a write is one transaction and one commit, and a read after the answer
 * sees it by construction. A projection that cannot apply an event fails the write: the
 * append rolls back, and no event enters the log that its read models cannot hold.
 *
 * The projections are the ones the runner applies asynchronously elsewhere (`apply(event) →
 * statements`); the store decides the mode. Their statements are merged as the runner merges
 * them (runs of one RowInsert become one multi-row INSERT) and leave with the COMMIT.
 */
export interface InlineProjector {
  readonly projections: readonly Projection[];
  /** One process owns the database (the embedded default): only it writes these tables. */
  readonly exclusiveWriter: boolean;
  /** What every inline write's transaction starts with (sent with its first statement). */
  readonly prelude: readonly PipelinedStatement[];
  /** The projections that handle `eventType`. */
  handling(eventType: string): readonly Projection[];
  /**
   * Applies `events`, just appended in `tx`, and commits: on a server the statements,
   * `alsoBeforeCommit` (the store's wake-up NOTIFY, when this write carries it) and the COMMIT
   * leave in one write. A failure is a ProjectionApplyError naming the projection and the
   * event; the caller rolls the transaction back.
   */
  applyAndCommit(
    tx: Transaction,
    events: readonly RecordedEvent[],
    alsoBeforeCommit?: readonly PipelinedStatement[],
  ): Promise<void>;
  /**
   * Tells `observer` before and after every write that may change a projection's tables. With
   * `exclusiveWriter` (one process owns the database: the embedded default), it is also told
   * that this process leads every inline projection: nothing else writes their tables, so a
   * read cache stays exact. On a server every `serve` process writes, and it is told nothing
   * of the kind.
   */
  observe(observer: ProjectionObserver): () => void;
}

interface Pending extends QueuedStatement {
  projection: string;
}

export function createInlineProjector(
  projections: readonly Projection[],
  options: { exclusiveWriter: boolean },
): InlineProjector {
  const byType = byEventType(projections);
  const observers = new Set<ProjectionObserver>();
  const tell = (names: readonly string[], notice: 'changing' | 'settled') => {
    for (const observer of observers) {
      for (const name of names) observer[notice](name);
    }
  };
  const prelude = [inlineWritesLock('shared')];

  return {
    projections,
    exclusiveWriter: options.exclusiveWriter,
    prelude,
    handling: (eventType) => byType.get(eventType) ?? [],

    async applyAndCommit(tx, events, alsoBeforeCommit = []) {
      const { pending, names } = await statementsOf(projections, tx, events);
      tell(names, 'changing');
      try {
        const failure = await tx.pipeline(
          [...pending.map((each) => each.statement), ...alsoBeforeCommit],
          { commit: true },
        );
        if (!failure) return;
        const failed = pending[failure.index];
        if (!failed?.event) throw failure.error; // the NOTIFY or the COMMIT itself
        throw new ProjectionApplyError(failed.projection, failed.event, failure.error);
      } finally {
        tell(names, 'settled');
      }
    },

    observe(observer) {
      if (options.exclusiveWriter) {
        for (const projection of projections) observer.leadership(projection.name, true);
      }
      observers.add(observer);
      return () => {
        observers.delete(observer);
        if (options.exclusiveWriter) {
          for (const projection of projections) observer.leadership(projection.name, false);
        }
      };
    },
  };
}

/** The projections that handle each event type. */
function byEventType(projections: readonly Projection[]): Map<string, Projection[]> {
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.handles) {
      byType.set(type, [...(byType.get(type) ?? []), projection]);
    }
  }
  return byType;
}

/**
 * Each projection's statements for the events it handles, in log order, merged, and the names
 * of the projections that handle any of `events`. A projection that fails is a
 * ProjectionApplyError naming it and the event.
 */
async function statementsOf(
  projections: readonly Projection[],
  tx: Transaction,
  events: readonly RecordedEvent[],
): Promise<{ pending: Pending[]; names: string[] }> {
  const pending: Pending[] = [];
  const names: string[] = [];
  for (const projection of projections) {
    const handled = new Set<string>(projection.handles);
    const own = events.filter((event) => handled.has(event.type));
    if (own.length === 0) continue;
    names.push(projection.name);
    const pipeline = new StatementPipeline(tx, true, true);
    for (const event of own) {
      let statements;
      try {
        statements = await projection.apply(event, pipeline.tx);
      } catch (error) {
        throw new ProjectionApplyError(projection.name, pipeline.failure?.event ?? event, error);
      }
      for (const statement of statements ?? []) pipeline.add(statement, event);
    }
    if (pipeline.failure?.event) {
      throw new ProjectionApplyError(
        projection.name,
        pipeline.failure.event,
        pipeline.failure.error,
      );
    }
    for (const queued of pipeline.takeCollected()) {
      pending.push({ ...queued, projection: projection.name });
    }
  }
  return { pending, names };
}
