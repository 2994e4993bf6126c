import type { ParkedEvent } from '../projections/parked-events';

/**
 * The command lost the race for its streams on every run its policy allows: each time another
 * writer appended between its read and its append. The edge answers 409: fetch and retry.
 */
export class ChangedConcurrentlyError extends Error {
  override readonly name = 'ChangedConcurrentlyError';
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super('The resource was changed concurrently; fetch it and retry');
  }
}

/**
 * A claim reserved for an entity whose first event is not in the log yet: on a store that
 * appends one stream at a time, another command is between its two appends. The engine runs
 * the command again, as after a lost race.
 */
export class ReservationPendingError extends Error {
  override readonly name = 'ReservationPendingError';
  constructor(
    readonly claimStream: string,
    readonly entityStream: string,
  ) {
    super(`${claimStream} is reserved for ${entityStream}, which is not written yet`);
  }
}

/**
 * A decision on a stream another brand wrote: it reads as absent to this brand and may not be
 * written, so its id answers as unknown (404), never as someone else's (no existence leak).
 */
export class ForeignStreamError extends Error {
  override readonly name = 'ForeignStreamError';
  constructor(readonly streamName: string) {
    super(`${streamName} belongs to another brand`);
  }
}

/**
 * The write is in the log, but a read model parked its event instead of applying it: reads
 * will not show it until an operator retries it after a fix. The edge answers 503.
 */
export class WriteNotAppliedError extends Error {
  override readonly name = 'WriteNotAppliedError';
  constructor(readonly parked: readonly ParkedEvent[]) {
    super('The write was recorded but a read model could not apply it');
  }
}
