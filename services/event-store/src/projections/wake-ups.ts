import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { WakeSignal } from './wake-signal';

/**
 * When the runner's projections read the log: one wake signal each, all woken together (an
 * append, a checkpoint moved by another process, the end of a batch that may have hidden
 * events), and the reads themselves, shared between projections at the same checkpoint.
 */
export class WakeUps {
  private readonly signals: ReadonlyMap<string, WakeSignal>;
  /** Wake-ups so far: a read started before the latest one may miss what it announced. */
  private count = 0;
  private batchesInFlight = 0;
  private readDuringBatch = false;
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();

  constructor(
    projectionNames: readonly string[],
    private readonly store: EventStore,
    private readonly batchSize: number,
  ) {
    this.signals = new Map(projectionNames.map((name) => [name, new WakeSignal()]));
  }

  /** The signal a projection's loop sleeps on. */
  signal(projection: string): WakeSignal {
    const signal = this.signals.get(projection);
    if (!signal) throw new RangeError(`Unknown projection: ${projection}`);
    return signal;
  }

  /** Wakes every projection to read again (a callback: bound). */
  readonly wakeAll = (): void => {
    this.count += 1;
    this.signals.forEach((signal) => signal.wake());
  };

  /**
   * Runs one of this runner's batches. A read of the log sees only what committed before every
   * transaction still running began: a batch may hide newer events from a projection reading
   * meanwhile. Such a read is noted, and the end of the batch then wakes every projection.
   */
  async inBatch<T>(work: () => Promise<T>): Promise<T> {
    this.batchesInFlight += 1;
    try {
      return await work();
    } finally {
      this.batchesInFlight -= 1;
      if (this.readDuringBatch) {
        this.readDuringBatch = this.batchesInFlight > 0;
        this.wakeAll();
      }
    }
  }

  /**
   * The log after `position`, one batch. Projections at the same checkpoint (they wake together
   * on every append) share a read in flight instead of each sending its own, but only one that
   * started after the latest wake-up: it then sees every append a read of their own would have
   * been woken for. A finished read is never reused.
   */
  readAfter(position: LogPosition): Promise<RecordedEvent[]> {
    const key = `${this.count}:${position.commit}/${position.prepare}`;
    const shared = this.reads.get(key);
    if (shared) return shared;
    if (this.batchesInFlight > 0) this.readDuringBatch = true;
    const read = this.store.readAll({ after: position, limit: this.batchSize });
    this.reads.set(key, read);
    const forget = () => {
      if (this.reads.get(key) === read) this.reads.delete(key);
    };
    read.then(forget, forget);
    return read;
  }
}
