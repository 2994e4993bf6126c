import type { Database } from '../db';
import type { RunnerObservers } from './runner-observers';

/**
 * What the projection runner gives each of its parts that writes (the batch applier, the
 * parked-event retry): one object it builds once and spreads into each.
 */
export interface RunnerParts {
  db: Database;
  observers: RunnerObservers;
  /** Tells other processes that a checkpoint, or what is parked, changed (a coalesced NOTIFY). */
  pokeOthers: () => void;
}
