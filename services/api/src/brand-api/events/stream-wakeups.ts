import type { EventStore, ProjectionWaiter } from '@brand-api/event-store';
import type { Logger } from 'pino';

/**
 * Wakes the open event streams of this process when new events may be readable, with no timer
 * between the write and the wake-up:
 * - the feed's projection settling in this process (`projections.observe`): an inline write
 *   right after its COMMIT (on PGlite just before it, and the streams' reads queue behind it on
 *   the one connection), or the runner's batch when the feed is applied after the append;
 * - the event store's `onAppended` (LISTEN/NOTIFY, in-process on PGlite), so a write made by
 *   another instance wakes them too: inline writes carry the NOTIFY with their COMMIT at most
 *   every 50 ms, and one no write carried leaves within 100 ms (db/notifier.ts in event-store).
 * One subscription serves every stream, taken while at least one is open.
 */
export class StreamWakeups {
  private readonly waiters = new Set<() => void>();
  private unsubscribe: Promise<() => Promise<void>> | undefined;
  private stopObserving: (() => void) | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionWaiter,
    private readonly projectionName: string,
    private readonly logger: Logger,
  ) {}

  /** Calls `wake` on every hint until the returned function removes it. */
  add(wake: () => void): () => void {
    this.waiters.add(wake);
    if (this.waiters.size === 1) this.subscribe();
    return () => {
      this.waiters.delete(wake);
      if (this.waiters.size === 0) this.unsubscribeAll();
    };
  }

  private readonly wakeAll = () => {
    for (const wake of [...this.waiters]) wake();
  };

  private subscribe(): void {
    this.unsubscribe = this.eventStore.onAppended(this.wakeAll);
    this.unsubscribe.catch((error: unknown) =>
      this.logger.warn({ err: error }, 'event streams: no append notices, polling only'),
    );
    this.stopObserving = this.projections.observe({
      leadership: () => undefined,
      changing: () => undefined,
      settled: (projection) => {
        if (projection === this.projectionName) this.wakeAll();
      },
    });
  }

  private unsubscribeAll(): void {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    this.stopObserving?.();
    this.stopObserving = undefined;
    unsubscribe
      ?.then((stop) => stop())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'event streams: unsubscribe'));
  }
}

/** Open streams per API key in this process, bounded. */
export class StreamSlots {
  private readonly open = new Map<string, number>();
  constructor(readonly perKey: number) {}

  /** A release function, or undefined when the key has all its streams open. */
  take(apiKeyId: string): (() => void) | undefined {
    const count = this.open.get(apiKeyId) ?? 0;
    if (count >= this.perKey) return undefined;
    this.open.set(apiKeyId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(apiKeyId) ?? 1) - 1;
      if (left === 0) this.open.delete(apiKeyId);
      else this.open.set(apiKeyId, left);
    };
  }
}
