import type { LogPosition, RecordedEvent } from '../event-store';
import { comparePositions } from '../event-store';
import type { ParkedEvent, PoisonFailure } from './parked-events';
import { ProjectionApplyError } from './projection';

/** What a failed apply reports: the statement's own message, not the wrapper's. */
export const errorText = (error: unknown): string =>
  error instanceof ProjectionApplyError && error.cause instanceof Error
    ? error.cause.message
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * The events one leader's last runs failed on for a reason that recurs (see `isPoison`), and
 * how often, by event id: once one has failed `parkAfterAttempts` times, the next batch passes
 * over it and parks it.
 */
export class PoisonTracker {
  private readonly failing = new Map<string, PoisonFailure>();

  constructor(
    private readonly projection: string,
    private readonly parkAfterAttempts: number,
  ) {}

  /** The events of `batch` that have failed often enough to be parked. */
  parkingIn(batch: readonly RecordedEvent[]): PoisonFailure[] {
    return batch.flatMap((event) => {
      const failure = this.failing.get(event.id);
      return failure && failure.attempts >= this.parkAfterAttempts ? [failure] : [];
    });
  }

  /** Forgets the failures the checkpoint has moved past (applied or parked). */
  passed(checkpoint: LogPosition): void {
    for (const [id, failure] of this.failing) {
      if (comparePositions(failure.event.position, checkpoint) <= 0) this.failing.delete(id);
    }
  }

  /** Counts one more failure of the event `error` names. */
  failed(error: ProjectionApplyError): PoisonFailure {
    const known = this.failing.get(error.event.id);
    const failure: PoisonFailure = {
      event: error.event,
      error: errorText(error),
      attempts: (known?.attempts ?? 0) + 1,
      firstSeenAt: known?.firstSeenAt ?? new Date(),
    };
    this.failing.set(error.event.id, failure);
    return failure;
  }

  /** Whether the event will be parked on the next run rather than tried again. */
  willPark(failure: PoisonFailure): boolean {
    return failure.attempts >= this.parkAfterAttempts;
  }

  /** What `onParked` is told about a failure being parked. */
  parkedView(failure: PoisonFailure): ParkedEvent {
    const { event } = failure;
    return {
      projection: this.projection,
      position: event.position,
      eventId: event.id,
      eventType: event.type,
      streamName: event.streamName,
      streamVersion: event.streamVersion,
      error: failure.error,
      attempts: failure.attempts,
      firstSeenAt: failure.firstSeenAt,
      lastSeenAt: new Date(),
      status: 'parked',
      resolvedAt: null,
    };
  }
}
