import type { PipelinedStatement, Transaction } from '../db';
import type { RecordedEvent } from '../event-store';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection';
import type { InlineWriters } from './inline-writers';
import { inlineWritesLock } from './inline-writers';
import type { ProjectionObserver } from './runner-observers';
import type { QueuedStatement } from './statement-pipeline';
import { StatementPipeline } from './statement-pipeline';

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
  /**
   * What a write's transaction starts with: the inline-writes lock, shared, and the sole
   * writer's, shared too unless this process is the sole writer (`inlineWritesLock`). A sole
   * writer whose last look at its lease is too old to count on looks again first.
   */
  prelude(): readonly PipelinedStatement[] | Promise<readonly PipelinedStatement[]>;
  /** This process alone writes these tables now (`InlineWriters`). */
  sole(): boolean;
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
   * Tells `observer` before and after every write that may change a projection's tables, and
   * that this process leads every inline projection while it is their sole writer (always on
   * the embedded database, which one process owns; while it holds the sole writer's lease on a
   * server): nothing else writes their tables then, so a read cache stays exact.
   */
  observe(observer: ProjectionObserver): () => void;
}

interface Pending extends QueuedStatement {
  projection: string;
}

export function createInlineProjector(
  projections: readonly Projection[],
  options: { writers: InlineWriters },
): InlineProjector {
  const byType = byEventType(projections);
  const observers = new Set<ProjectionObserver>();
  const tell = (names: readonly string[], notice: 'changing' | 'settled') => {
    for (const observer of observers) {
      for (const name of names) observer[notice](name);
    }
  };
  const [soleLock, sharedLock] = [[inlineWritesLock('sole')], [inlineWritesLock('shared')]];
  let soleUntil = 0;
  const sole = () => performance.now() < soleUntil;
  const lead = (observer: ProjectionObserver, leading: boolean) => {
    for (const { name } of projections) observer.leadership(name, leading, sole);
  };
  options.writers.observe((until) => {
    const changed = until > 0 !== soleUntil > 0;
    soleUntil = until;
    if (changed) for (const observer of observers) lead(observer, until > 0);
  });
  return {
    projections,
    prelude() {
      if (sole()) return soleLock;
      if (soleUntil === 0) return sharedLock;
      return options.writers.confirm().then(() => (sole() ? soleLock : sharedLock));
    },
    sole,
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
      if (soleUntil > 0) lead(observer, true);
      observers.add(observer);
      return () => {
        if (observers.delete(observer) && soleUntil > 0) lead(observer, false);
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
