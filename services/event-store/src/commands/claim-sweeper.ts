import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { startOfLog } from '../event-store';
import type { DomainEvent } from './command-context';
import type { CommandEngine, CommandLogger } from './command-engine';
import type { ClaimDecider, ReservedFor } from './reservations';
import { reservedForOf } from './reservations';

export interface ClaimSweeperDeps<Command, State, Event extends DomainEvent> {
  engine: CommandEngine;
  /** The store the engine writes to: the sweeper reads the log from it. */
  store: CommandEngineStore;
  /** The decider of the claim streams, which knows how to cancel a reservation. */
  claims: ClaimDecider<Command, State, Event>;
  clock: () => Date;
  logger: CommandLogger;
  /**
   * A reservation younger than this may still see its entity written by a live process, so
   * it is left alone (default 60 s, far beyond one command's two appends).
   */
  graceMs?: number;
  /** Events read per page of the log (default 1,000). */
  pageSize?: number;
}

type CommandEngineStore = Pick<EventStore, 'readAll' | 'readStream'>;

interface Reservation {
  claim: RecordedEvent;
  reservedFor: ReservedFor;
}

/**
 * Gives back values reserved for an entity that never appeared. On a store that appends one
 * stream at a time a command appends its claims, then its entity; a process that dies in
 * between leaves a value taken by nobody. Every reserving claim names its entity's first
 * event (`reservedFor`); the sweeper follows the log, forgets a reservation when that event
 * shows up, and cancels the ones still open after the grace period through the command engine,
 * where the claim decider cancels nothing if the value has moved on. Sweepers in several
 * processes are harmless: the cancellation is appended at the version read, once.
 *
 * It starts at the beginning of the log in each process, so a reservation left by a process
 * that died before this one started is found too.
 */
export class ClaimSweeper<Command, State, Event extends DomainEvent> {
  private after: LogPosition = startOfLog;
  /** Open reservations by the id of the entity event they wait for. */
  private readonly open = new Map<string, Reservation[]>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly graceMs: number;
  private readonly pageSize: number;

  constructor(private readonly deps: ClaimSweeperDeps<Command, State, Event>) {
    this.graceMs = deps.graceMs ?? 60_000;
    this.pageSize = deps.pageSize ?? 1_000;
  }

  /** Reads the log since the last sweep, then cancels the expired reservations; how many. */
  async sweep(): Promise<number> {
    await this.catchUp();
    const now = this.deps.clock().getTime();
    let cancelled = 0;
    for (const [eventId, reservations] of [...this.open]) {
      const expired = reservations.filter(
        ({ claim }) => now - claim.recordedAt.getTime() >= this.graceMs,
      );
      if (expired.length === 0) continue;
      const rest = reservations.filter((reservation) => !expired.includes(reservation));
      if (rest.length > 0) this.open.set(eventId, rest);
      else this.open.delete(eventId);
      for (const reservation of expired) {
        if (await this.entityAppeared(reservation.reservedFor)) continue;
        if (await this.cancel(reservation.claim)) cancelled += 1;
      }
    }
    return cancelled;
  }

  /** Sweeps now and every `intervalMs` until stopped; a failed sweep is logged and retried. */
  start(intervalMs = 10_000): void {
    const next = () => {
      if (this.stopped) return;
      this.running = this.sweep()
        .catch((error: unknown) =>
          this.deps.logger.error({ err: error }, 'claim sweep failed; retrying next round'),
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(next, intervalMs).unref();
        });
    };
    next();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Reservations still open, for tests and diagnostics. */
  openReservations(): number {
    let count = 0;
    for (const reservations of this.open.values()) count += reservations.length;
    return count;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await this.deps.store.readAll({ after: this.after, limit: this.pageSize });
      for (const event of page) {
        // The first event of an entity some claims were reserved for: they are kept.
        this.open.delete(event.id);
        const reservedFor = reservedForOf(event.metadata);
        if (reservedFor === undefined) continue;
        const waiting = this.open.get(reservedFor.eventId) ?? [];
        this.open.set(reservedFor.eventId, [...waiting, { claim: event, reservedFor }]);
      }
      const last = page.at(-1);
      if (last) this.after = last.position;
      if (page.length < this.pageSize) return;
    }
  }

  /** Checked once more by its stream: the entity may have been appended since the log was read. */
  private async entityAppeared({ streamName, eventId }: ReservedFor): Promise<boolean> {
    const events = await this.deps.store.readStream(streamName);
    return events.some((event) => event.id === eventId);
  }

  private async cancel(claim: RecordedEvent): Promise<boolean> {
    const { claims } = this.deps;
    const reservation = {
      type: claim.type,
      schemaVersion: claim.schemaVersion,
      data: claim.data,
    } as Event;
    const brandId = claim.metadata.brandId;
    const correlationId = claim.metadata.correlationId;
    const { changed } = await this.deps.engine.run(
      {
        brandId: typeof brandId === 'string' ? brandId : '',
        actor: { kind: 'system', id: 'claim-sweeper' },
        requestId: null,
        correlationId: typeof correlationId === 'string' ? correlationId : claim.id,
        causationId: claim.id,
      },
      async (uow) => {
        const stream = await uow.load(claim.streamName, claims, {
          tenant: false,
          acceptPendingReservation: true,
        });
        stream.decide(claims.reservations.cancel(reservation));
      },
      { readAfterWrite: false },
    );
    if (changed) {
      this.deps.logger.warn(
        { claimStream: claim.streamName, reservedFor: reservedForOf(claim.metadata) },
        'claim cancelled: its entity never appeared (the writing process stopped between appends)',
      );
    }
    return changed;
  }
}
