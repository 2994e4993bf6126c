import type { Database, EventStore, LogPosition } from '@brand-api/event-store';
import type { LogStats } from './log-stats';
import type { ReadModel } from './read-model';
import type { RebuildPurpose } from './rebuild-state';

export interface ShadowRunOptions {
  db: Database;
  store: EventStore;
  readModel: ReadModel;
  /** Events per shadow transaction (default 1,000). */
  batchSize?: number;
  /** Aborting interrupts the run after the batch in flight; the shadow stays resumable. */
  signal?: AbortSignal;
  onProgress?: (progress: RebuildProgress) => void;
  /** Totals for progress and ETA; without it the total is unknown. */
  logStats?: LogStats;
  /** How long the swap waits for a lock before trying again (default 500 ms). */
  lockTimeoutMs?: number;
  /** How long to wait for a live projector to reach the shadow (default 30 s). */
  alignTimeoutMs?: number;
  /**
   * How many events the replay may pass over (a projection failing on them for good, as the
   * live runner parks them) before it gives up: many failures mean broken projection code, not
   * a few bad events (default 100).
   */
  maxPassedOver?: number;
  /** Called after each committed shadow batch (tests use it to kill a run halfway). */
  afterBatch?: (position: LogPosition) => void | Promise<void>;
  /**
   * Called before each attempt to line up with the live projector and lock the live tables,
   * from 0 (tests use it to move the log on, or hold a lock, between attempts).
   */
  beforeAlignAttempt?: (attempt: number) => void | Promise<void>;
}

export type RebuildPhase = 'replaying' | 'swapping' | 'comparing' | 'done';

export interface RebuildProgress {
  projection: string;
  purpose: RebuildPurpose;
  phase: RebuildPhase;
  /** Events read from the log into the shadow, counting those before a resume. */
  eventsDone: number;
  eventsTotal: number | null;
  position: LogPosition;
  eventsPerSecond: number;
  etaSeconds: number | null;
  resumed: boolean;
}
