import type { Database, PipelinedStatement, Session } from '../db/database';
import { advisoryLockRowSql } from '../db/advisory-lock-rows';
import { advisoryKeySql, sqlStateOf } from '../db/database';

/**
 * The advisory lock every inline write holds shared for its transaction, and that a rebuild's
 * swap (or the switch of a projection to inline) holds exclusively: while it is held, no write
 * is half done and none begins, so the log and the read tables agree.
 */
export const inlineWritesLockKey = 'projections:inline-writes';

/**
 * The lock of the sole writer (`SoleWriterLease`): a process that holds it exclusively, for
 * its session, is the only one that can write the inline projections' tables. Every other
 * write, and every swap, holds it shared for its transaction, so none can commit while it is
 * held: they wait, the holder sees them waiting and lets go.
 */
export const soleWriterLockKey = 'projections:inline-writes:sole';

/**
 * The lock statement an inline write's transaction starts with (sent with its first statement):
 * - `shared`: a write by a process that is not the sole writer (the inline-writes lock and the
 *   sole writer's, both shared);
 * - `sole`: a write by the sole writer (it holds the sole writer's lock for its session);
 * - `exclusive`: a rebuild's swap or a switch to inline: no write is in flight or begins, and
 *   a sole writer elsewhere lets go first.
 */
export function inlineWritesLock(mode: 'shared' | 'sole' | 'exclusive'): PipelinedStatement {
  const writes = mode === 'exclusive' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared';
  const sole = `, pg_advisory_xact_lock_shared(${advisoryKeySql.replaceAll('$1', '$2')})`;
  return {
    text: `SELECT ${writes}(${advisoryKeySql})${mode === 'sole' ? '' : sole}`,
    params: mode === 'sole' ? [inlineWritesLockKey] : [inlineWritesLockKey, soleWriterLockKey],
    name: `inline_writes_lock_${mode}`,
  };
}

/**
 * Until when this process alone writes the inline projections' tables: a read cache needs to
 * know to stay exact, and the process's writes take the lock that goes with it
 * (`inlineWritesLock`, chosen by the inline projector as each write begins).
 */
export interface InlineWriters {
  /**
   * Tells `listener` until when (a `performance.now()` time) this process is the sole writer:
   * at once, then at every change and renewal; 0 when it is not. Returns the removal.
   */
  observe(listener: (soleUntil: number) => void): () => void;
  /**
   * Looks again, now, whether this process is still the sole writer (its last look is too old
   * to count on); resolves once the listeners have been told.
   */
  confirm(): Promise<void>;
  /**
   * The database has one connection, which a transaction holds alone (embedded PGlite): no
   * two transactions overlap, so a write takes no lock (it would always be granted at once).
   */
  readonly oneConnection?: boolean;
}

/**
 * The embedded database: one process owns it (the data-directory lock), so it is sole, and its
 * one connection serialises every transaction.
 */
export const embeddedWriters: InlineWriters = {
  observe(listener) {
    listener(Infinity);
    return () => undefined;
  },
  confirm: () => Promise.resolve(),
  oneConnection: true,
};

/** A process on a server that never claims to be the sole writer (a worker, a tool). */
export const sharedWriters: InlineWriters = {
  observe(listener) {
    listener(0);
    return () => undefined;
  },
  confirm: () => Promise.resolve(),
};

export interface SoleWriterLeaseOptions {
  /** How often the holder looks for a write waiting on it (default 100 ms). */
  pollMs?: number;
  /** The first wait before trying again after another writer showed up (default 1 s); doubles. */
  retryMs?: number;
  /** The longest wait between tries (default 5 min). */
  maxRetryMs?: number;
  /** Told when this process becomes, or stops being, the sole writer, and why. */
  onChange?: (sole: boolean, reason: string) => void;
  /** A session that failed (lost, or a statement that failed); the lease is let go. */
  onError?: (error: unknown) => void;
}

/**
 * The server's session ends once idle this long (`idle_session_timeout`): a holder that stops
 * answering (a frozen process) lets go of the lock within it, and writes that wait on the lock
 * go on, well within their statement timeout (4 s).
 */
const idleSessionTimeoutMs = 2_000;
/** How long after a look was sent the holder may still count on the lock (< the idle timeout). */
const validForMs = 1_500;

/** Takes the lock if no one holds it, and then bounds the session's idleness. */
const acquireSql = `SELECT locked,
  CASE WHEN locked THEN set_config('idle_session_timeout', '${idleSessionTimeoutMs}', false) END
  FROM (SELECT pg_try_advisory_lock(${advisoryKeySql}) AS locked) attempt`;

/**
 * Waits until every inline write in flight has ended (they hold the inline-writes lock shared),
 * before the sole writer's lock is tried: one a former sole writer began without that lock may
 * still be committing. Taken while holding nothing, so that no write waits on this session.
 */
const writesInFlightEndedSql = `SELECT pg_advisory_lock(${advisoryKeySql}),
  pg_advisory_unlock(${advisoryKeySql})`;

/** Lets go of the lock; the session may idle again between tries. */
const releaseSql = `SELECT pg_advisory_unlock(${advisoryKeySql}),
  set_config('idle_session_timeout', '0', false)`;

/** A write, or a swap, waiting for the sole writer's lock (`$1`), which this session holds. */
const waitersSql = `SELECT EXISTS (
  SELECT FROM pg_locks waiting
  WHERE ${advisoryLockRowSql('waiting', advisoryKeySql)} AND NOT waiting.granted
) AS waiting`;

/**
 * The sole writer's lease on a Postgres server: this process may keep what it read of the
 * inline projections' tables (a read cache) while no other process can write them.
 *
 * Every other process's write holds the sole writer's lock shared for its transaction
 * (`inlineWritesLock('shared')`). This process tries to take it exclusively for a session of its
 * own; once it has it, no other write can commit until it lets go. It looks every `pollMs` for
 * a write (or a rebuild's swap) waiting on it, and then first stops being the sole writer
 * (its observers drop what they cached) and only then lets go: the waiting write commits after
 * the cache is gone, so a read after it, here or anywhere, sees it. It tries again later, each
 * time after twice as long while other writers keep showing up. A frozen holder loses the lock
 * with its idle session (2 s) and stops counting on it 1.5 s after its last look.
 */
export class SoleWriterLease implements InlineWriters {
  private session: Session | undefined;
  private held = false;
  /** Until when the lock can be counted on (0 when not held). */
  private soleUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private heldSince = 0;
  private closed = false;
  /** The server cannot bound a frozen holder's session (older than Postgres 14). */
  private unsupported = false;
  private readonly listeners = new Set<(soleUntil: number) => void>();
  private looking: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: SoleWriterLeaseOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 1_000;
  }

  /** Starts trying; every write takes the shared lock until the lease is held. */
  start(): void {
    this.schedule(0, () => this.acquire());
  }

  observe(listener: (soleUntil: number) => void): () => void {
    listener(this.soleUntil);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Lets go and stops trying. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.change(0, 'stopping');
    const session = this.session;
    this.session = undefined;
    await session?.release();
  }

  private async acquire(): Promise<void> {
    try {
      const session = (this.session ??= await this.open());
      if (this.closed) return await this.close(); // closed while the session opened
      await session.query(writesInFlightEndedSql, [inlineWritesLockKey]);
      const sentAt = performance.now();
      const { rows } = await session.query<{ locked: boolean }>(acquireSql, [soleWriterLockKey]);
      if (session !== this.session) return;
      if (!rows[0]?.locked) return this.retryLater();
      this.heldSince = sentAt;
      this.change(sentAt + validForMs, 'no other process writes the inline read models');
      this.schedule(this.options.pollMs ?? 100, () => this.confirm());
    } catch (error) {
      // No idle_session_timeout (before Postgres 14): a frozen holder would stop every write.
      if (sqlStateOf(error) === '42704') this.unsupported = true;
      this.fail(error);
    }
  }

  /** Looks for a write waiting on the lock now (the timer's look, or a write's after a lapse). */
  confirm(): Promise<void> {
    if (!this.held) return Promise.resolve();
    return (this.looking ??= this.watch().finally(() => (this.looking = undefined)));
  }

  private async watch(): Promise<void> {
    const session = this.session;
    if (!session || !this.held) return;
    try {
      const sentAt = performance.now();
      const { rows } = await session.query<{ waiting: boolean }>(waitersSql, [soleWriterLockKey]);
      if (session !== this.session || !this.held) return;
      if (rows[0]?.waiting) {
        // Stop counting on the lock first, then let go: the waiting write commits after.
        this.change(0, 'another process writes the inline read models');
        await session.query(releaseSql, [soleWriterLockKey]);
        // Held for long: the other writer was passing through (a tool, a restart).
        if (sentAt - this.heldSince > 10 * 60_000) this.retryMs = this.options.retryMs ?? 1_000;
        return this.retryLater();
      }
      this.change(sentAt + validForMs);
      this.schedule(this.options.pollMs ?? 100, () => this.confirm());
    } catch (error) {
      this.fail(error);
    }
  }

  private async open(): Promise<Session> {
    const session = await this.db.session((error) => {
      if (this.session === session) this.fail(error);
    });
    return session;
  }

  /** The session failed or died: the server lets go of its locks; try again on a new one. */
  private fail(error: unknown): void {
    this.change(0, 'the lease’s session failed');
    const session = this.session;
    this.session = undefined;
    void session?.release();
    if (this.closed) return;
    this.options.onError?.(error);
    this.retryLater();
  }

  private retryLater(): void {
    this.schedule(this.retryMs, () => this.acquire());
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 300_000);
  }

  private schedule(ms: number, step: () => Promise<void>): void {
    if (this.closed || this.unsupported) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void step(), ms);
    this.timer.unref();
  }

  /** Holds until `soleUntil` (renewed: no `reason`), or lets go (0). */
  private change(soleUntil: number, reason?: string): void {
    const held = soleUntil > 0;
    if (held === this.held && reason !== undefined) return;
    this.held = held;
    this.soleUntil = soleUntil;
    if (reason !== undefined) this.options.onChange?.(held, reason);
    for (const listener of this.listeners) listener(soleUntil);
  }
}
