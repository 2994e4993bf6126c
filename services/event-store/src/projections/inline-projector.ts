import type { PipelineFailure, PipelineRead, PipelinedStatement, Transaction } from '../db';
import type { RecordedEvent, StreamAppend } from '../event-store';
import {
  eventsBeforeAppend,
  KnownOnlyAfterTheAppend,
  knownOnlyAfterTheAppend,
} from './events-before-append';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection';
import type { InlineWriters } from './inline-writers';
import { inlineWritesLock } from './inline-writers';
import type { ProjectionObserver } from './runner-observers';
import type { QueuedStatement } from './statement-pipeline';
import { StatementPipeline } from './statement-pipeline';

/** What a write's transaction starts with (`InlineProjector.prelude`), and its end. */
export interface WritePrelude {
  readonly statements: readonly PipelinedStatement[];
  end(): void;
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
  /**
   * What a write's transaction starts with: the inline-writes lock, shared, and the sole
   * writer's, shared too unless this process is the sole writer (`inlineWritesLock`); nothing
   * on a database of one connection (`InlineWriters.oneConnection`). A sole writer whose last
   * look at its lease is too old to count on looks again first. The write calls `end` once it
   * has committed or failed (`InlineWriters.writeShared`).
   */
  prelude(): WritePrelude | Promise<WritePrelude>;
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
   * The projections' statements for `appends` before they are made, so that the append, they
   * and the COMMIT can leave together (`commitWithAppend`). The projections see the events
   * with everything but their position and time, which only the append tells. Undefined when
   * a projection needs either, reads in the transaction, or fails, or when an append's
   * versions are not known in advance (expected 'any' or 'stream_exists'): the caller then
   * appends first and `applyAndCommit`s, which names a failure as it should. Every event
   * must carry its id.
   */
  prepare(appends: readonly StreamAppend[]): Promise<PreparedStatements | undefined>;
  /**
   * Sends `append`, the prepared statements, `alsoBeforeCommit` and the COMMIT in one
   * pipeline, and resolves with the append's rows: the whole write in one round trip. A
   * failure of the append rejects with its error as the server gave it; of a projection's
   * statement, resolves with 'projection failed' (the caller rolls back and writes the
   * two-step way, which names the failure); of the COMMIT, rejects.
   */
  commitWithAppend(
    tx: Transaction,
    prepared: PreparedStatements,
    append: PipelinedStatement,
    alsoBeforeCommit: readonly PipelinedStatement[],
  ): Promise<unknown[] | 'projection failed'>;
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

/** Statements `prepare`d for a write, and the projections they are of. */
export interface PreparedStatements {
  readonly pending: readonly Pending[];
  readonly names: readonly string[];
}

/** What a projection preparing statements before the append gets instead of a transaction. */
const noTransactionYet: Transaction = {
  query: () => Promise.reject(new KnownOnlyAfterTheAppend('no transaction before the append')),
  pipeline: () => Promise.reject(new KnownOnlyAfterTheAppend('no transaction before the append')),
};

export function createInlineProjector(
  projections: readonly Projection[],
  options: { writers: InlineWriters },
): InlineProjector {
  const byType = byEventType(projections);
  const observers = new Set<ProjectionObserver>();
  const noEnd = () => undefined;
  const unlocked: WritePrelude = { statements: [], end: noEnd };
  const soleLock: WritePrelude = { statements: [inlineWritesLock('sole')], end: noEnd };
  const sharedLock = [inlineWritesLock('shared')];
  /** Event types a projection needed the append for (KnownOnlyAfterTheAppend): not prepared. */
  const appliedAfterTheAppend = new Set<string>();
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
  const shared = (): WritePrelude | Promise<WritePrelude> => {
    const end = options.writers.writeShared?.() ?? noEnd;
    // A try for the sole writer's lock is under way: choose once it is answered.
    if (typeof end !== 'function') return end.then(prelude);
    return { statements: sharedLock, end };
  };
  const prelude = (): WritePrelude | Promise<WritePrelude> => {
    if (options.writers.oneConnection) return unlocked;
    if (sole()) return soleLock;
    if (soleUntil === 0) return shared();
    return options.writers.confirm().then(() => (sole() ? soleLock : shared()));
  };
  return {
    projections,
    prelude,
    sole,
    handling: (eventType) => byType.get(eventType) ?? [],

    prepare: (appends) => prepare(projections, appends, appliedAfterTheAppend),

    async commitWithAppend(tx, { pending, names }, append, alsoBeforeCommit) {
      let rows: unknown[] = [];
      const failure = await commitTelling(
        observers,
        names,
        tx,
        [append, ...pending.map((each) => each.statement), ...alsoBeforeCommit],
        { index: 0, onRows: (read) => (rows = read) },
      );
      if (!failure) return rows;
      if (failure.index > 0 && failure.index <= pending.length) return 'projection failed';
      throw failure.error; // the append, the NOTIFY or the COMMIT
    },

    async applyAndCommit(tx, events, alsoBeforeCommit = []) {
      const { pending, names } = await statementsOf(projections, tx, events);
      const failure = await commitTelling(observers, names, tx, [
        ...pending.map((each) => each.statement),
        ...alsoBeforeCommit,
      ]);
      if (!failure) return;
      const failed = pending[failure.index];
      if (!failed?.event) throw failure.error; // the NOTIFY or the COMMIT itself
      throw new ProjectionApplyError(failed.projection, failed.event, failure.error);
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

/**
 * `InlineProjector.prepare`: the statements, unless an event type of `appends` is one a
 * projection needed the append for (remembered in `afterTheAppend` when met).
 */
async function prepare(
  projections: readonly Projection[],
  appends: readonly StreamAppend[],
  afterTheAppend: Set<string>,
): Promise<PreparedStatements | undefined> {
  const needsTheAppend = appends.some((append) =>
    append.events.some((event) => afterTheAppend.has(event.type)),
  );
  const events = needsTheAppend ? undefined : eventsBeforeAppend(appends);
  if (!events) return undefined;
  try {
    return await statementsOf(projections, noTransactionYet, events);
  } catch (error) {
    // A projection's own failure is named by the two-step write that follows, and is not
    // remembered: it escapes with no event type (its ProjectionApplyError, whose message gives
    // the event's position, cannot even be made here), and the next write is prepared again.
    if (error instanceof KnownOnlyAfterTheAppend && error.eventType) {
      afterTheAppend.add(error.eventType);
    }
    return undefined;
  }
}

/**
 * Sends `statements` and the COMMIT in one pipeline, telling `observers` that the projections
 * `names` are changing before and settled after (whatever the outcome).
 */
async function commitTelling(
  observers: ReadonlySet<ProjectionObserver>,
  names: readonly string[],
  tx: Transaction,
  statements: readonly PipelinedStatement[],
  read?: PipelineRead,
): Promise<PipelineFailure | undefined> {
  const tell = (notice: 'changing' | 'settled') => {
    for (const observer of observers) {
      for (const name of names) observer[notice](name);
    }
  };
  tell('changing');
  try {
    return await tx.pipeline(statements, { commit: true, ...(read ? { read } : {}) });
  } finally {
    tell('settled');
  }
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
): Promise<PreparedStatements> {
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
        const failed = pipeline.failure?.event ?? event;
        throw (
          knownOnlyAfterTheAppend(error, failed) ??
          new ProjectionApplyError(projection.name, failed, error)
        );
      }
      for (const statement of statements ?? []) pipeline.add(statement, event);
    }
    if (pipeline.failure?.event) {
      const { error, event } = pipeline.failure;
      throw (
        knownOnlyAfterTheAppend(error, event) ??
        new ProjectionApplyError(projection.name, event, error)
      );
    }
    for (const queued of pipeline.takeCollected()) {
      pending.push({ ...queued, projection: projection.name });
    }
  }
  return { pending, names };
}
