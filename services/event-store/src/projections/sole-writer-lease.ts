import type { Database, Session } from '../db/database';
import { advisoryLockRowSql } from '../db/advisory-lock-rows';
import { advisoryKeySql, sqlStateOf } from '../db/database';
import { inlineWritesLockKey, soleWriterLockKey } from './inline-writers';
import type { InlineWriters } from './inline-writers';

export interface SoleWriterLeaseOptions {
  /** How often the holder looks for a write waiting on it (default 100 ms). */
  pollMs?: number;
  /** The first wait before trying again after another writer showed up (default 1 s); doubles. */
  retryMs?: number;
  /** The longest wait between tries (default 5 min). */
  maxRetryMs?: number;
  /**
   * How long a try waits for this process's writes that take the shared lock to end before it
   * gives up until the next (default 1 s); this process's writes wait for the try.
   */
  drainMs?: number;
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
 *
 * Until it holds the lock, this process's own writes take it shared too. A try holds this
 * process's next writes back and lets those in flight end first (`writeShared`): one still in
 * flight once the lock is taken would wait on it, and the holder would let go at once, so that
 * under a steady stream of writes the lease was never kept.
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
  /** This process's writes in flight that take the sole writer's lock shared. */
  private sharedWrites = 0;
  private drained: (() => void) | undefined;
  /** A try for the lock under way, which this process's writes wait for. */
  private trying: Promise<void> | undefined;

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
    let endTry = () => {};
    try {
      const session = (this.session ??= await this.open());
      if (this.closed) return await this.close(); // closed while the session opened
      // This process's next writes wait for the try, and those taking the shared lock end
      // first: none may be left waiting on the lock once it is taken.
      this.trying = new Promise((resolve) => (endTry = resolve));
      if (!(await this.ownSharedWritesEnded())) return this.retryLater();
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
    } finally {
      this.trying = undefined;
      endTry();
    }
  }

  writeShared(): (() => void) | Promise<void> {
    if (this.trying) return this.trying;
    this.sharedWrites += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.sharedWrites -= 1;
      if (this.sharedWrites === 0) this.drained?.();
    };
  }

  /** Whether this process's writes that take the shared lock ended within `drainMs`. */
  private ownSharedWritesEnded(): Promise<boolean> {
    if (this.sharedWrites === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const ended = (drained: boolean) => {
        clearTimeout(timer);
        this.drained = undefined;
        resolve(drained);
      };
      const timer = setTimeout(() => ended(false), this.options.drainMs ?? 1_000);
      this.drained = () => ended(true);
    });
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
