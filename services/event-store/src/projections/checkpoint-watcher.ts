import type { Database } from '../db';
import type { LogPosition } from '../event-store';
import { comparePositions, startOfLog } from '../event-store';
import { readCheckpoints } from './checkpoints';
import { checkpointsChannel } from './migrations';
import { WakeSignal } from './wake-signal';

/** How often waiters re-read checkpoints when no wake-up arrives (another process may lead). */
const waiterPollMs = 50;
/** How often waiters re-read checkpoints that this process's runner leads and reports itself. */
const ledHereReadMs = 1_000;

/**
 * Answers "have these projections reached this position?" from the checkpoint table, so it
 * works whichever process leads them. Concurrent waiters share one read; a batch committed in
 * this process, or a NOTIFY from another one, wakes them at once.
 */
export class CheckpointWatcher {
  readonly signal = new WakeSignal();
  private refreshing: { generation: number; done: Promise<Map<string, LogPosition>> } | undefined;
  private unlisten: Promise<() => Promise<void>> | undefined;
  /** Open parked events per projection, as of the last checkpoint read. */
  private parked = new Map<string, number>();
  private parkedGeneration = -1;

  private readonly names: readonly string[];
  /**
   * Checkpoints this process's runner moved while leading their projection: committed, so
   * true of the table without reading it back. Checkpoints only move forward under a leader.
   */
  private readonly committed = new Map<string, LogPosition>();

  /**
   * `versions`: a checkpoint of an older version does not count (its projection is about to
   * be replayed); a newer one does (a newer deployment runs it).
   */
  constructor(
    private readonly db: Database,
    private readonly versions: ReadonlyMap<string, number>,
    /** Also told when another process moved a checkpoint. */
    private readonly onNotify: () => void = () => undefined,
    /**
     * The payload this process's own runner notifies with: its checkpoint moves have already
     * woken everyone here (`committedHere`), so their echo is ignored.
     */
    private readonly ownPayload?: string,
  ) {
    this.names = [...versions.keys()];
  }

  /** Starts listening for checkpoint moves (idempotent; `waitFor` calls it too). */
  async listen(): Promise<void> {
    this.unlisten ??= this.db
      .listen(checkpointsChannel, (payload) => {
        if (this.ownPayload !== undefined && payload === this.ownPayload) return;
        this.signal.wake();
        this.onNotify();
      })
      .catch((error: unknown) => {
        this.unlisten = undefined;
        throw error;
      });
    await this.unlisten;
  }

  async waitFor(
    position: LogPosition,
    timeoutMs: number,
    names: readonly string[] = this.names,
  ): Promise<boolean> {
    const unknown = names.filter((name) => !this.names.includes(name));
    if (unknown.length > 0) throw new RangeError(`Unknown projections: ${unknown.join(', ')}`);
    await this.listen();
    const deadline = Date.now() + timeoutMs;
    const reachedHere = (name: string) =>
      comparePositions(this.committed.get(name) ?? startOfLog, position) >= 0;
    let lastRead = 0;
    for (;;) {
      const seen = this.signal.current;
      // Led in this process and already there: nothing to read.
      if (names.every(reachedHere)) return true;
      // Led here but not there yet: the runner wakes this loop when it moves them, so the table
      // is read only now and then, in case leadership passed to another process unnoticed.
      const ledHere = names.every((name) => this.committed.has(name));
      if (!ledHere || Date.now() - lastRead >= ledHereReadMs) {
        lastRead = Date.now();
        const positions = await this.refresh();
        const reached = names.every(
          (name) =>
            reachedHere(name) || comparePositions(positions.get(name) ?? startOfLog, position) >= 0,
        );
        if (reached) return true;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await this.signal.wait(Math.min(remaining, waiterPollMs), seen);
    }
  }

  /**
   * This process's runner, leading `name`, committed its checkpoint at `position`, parking
   * `parked` events on the way: waiters learn it without a read of the table.
   */
  committedHere(name: string, position: LogPosition, parked: number): void {
    this.committed.set(name, position);
    this.signal.wake();
    if (parked > 0) {
      this.parked.set(name, (this.parked.get(name) ?? 0) + parked);
      // A read that started before this commit must not put the older count back.
      this.parkedGeneration = this.signal.current;
    }
  }

  /** This process no longer leads `name`: waiters read its checkpoint from the table again. */
  forget(name: string): void {
    this.committed.delete(name);
    this.signal.wake();
  }

  /**
   * Whether any of these projections had parked events at the last checkpoint read, or parked
   * one here since. A waiter that saw a checkpoint reach its write also saw the count that
   * parking it would have raised (both move in one transaction, and `committedHere` raises
   * both at once), so when this is false there is nothing to look up.
   */
  mayHaveParked(names: readonly string[] = this.names): boolean {
    return names.some((name) => (this.parked.get(name) ?? 0) > 0);
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await (await unlisten)();
  }

  /** Joins a read already in flight only if it started after the latest wake-up. */
  private refresh(): Promise<Map<string, LogPosition>> {
    const generation = this.signal.current;
    if (this.refreshing?.generation === generation) return this.refreshing.done;
    const done = readCheckpoints(this.db, this.names).then((read) => {
      const current = read.filter((c) => c.version >= (this.versions.get(c.name) ?? 0));
      // Reads can finish out of order: an older one must not hide what a newer one saw.
      if (generation >= this.parkedGeneration) {
        this.parkedGeneration = generation;
        this.parked = new Map(current.map((c) => [c.name, c.parked]));
      }
      return new Map(current.map((c) => [c.name, c.position]));
    });
    const refreshing = { generation, done };
    this.refreshing = refreshing;
    const clear = () => {
      if (this.refreshing === refreshing) this.refreshing = undefined;
    };
    done.then(clear, clear);
    return done;
  }
}
