import type { EventStore, LogPosition } from '../event-store';
import { ConcurrencyError } from '../event-store';
import { awaitReadModels } from './await-read-models';
import type { CommandLogger, ProjectionWaiter } from './await-read-models';

export type { CommandLogger, ProjectionWaiter } from './await-read-models';
import type { CommandContext } from './command-context';
import { ChangedConcurrentlyError, ReservationPendingError } from './errors';
import type { RetryPolicy } from './retry-policy';
import { lostRaces } from './retry-policy';
import type { StreamStates } from './stream-states';
import { UnitOfWork } from './unit-of-work';

export interface CommandEngineDeps {
  eventStore: EventStore;
  /** Needed by every run that waits for the read models (the default). */
  projections?: ProjectionWaiter;
  clock: () => Date;
  logger: CommandLogger;
  /** Read-after-write bound (default 5 s). */
  waitTimeoutMs?: number;
  /** This process's folded stream states (none: every load reads whole streams). */
  states?: StreamStates;
}

export interface RunOptions {
  /** How lost races are run again (default `lostRaces`). */
  retry?: RetryPolicy;
  /**
   * Wait until the read models show the write before answering (default true). Workers that
   * answer nobody (the webhook deliverer) skip it.
   */
  readAfterWrite?: boolean;
}

export interface CommandResult<T> {
  value: T;
  /** False when the command decided no events. */
  changed: boolean;
  /** Where each append's last event landed. */
  positions: LogPosition[];
}

/**
 * The one way a command runs: `work` loads the streams it decides on into a fresh unit of
 * work and decides; the unit appends everything decided atomically, each stream at the version
 * it was read. A lost race runs `work` again from a fresh read, where the decider sees the
 * winner; a command still losing after the policy's attempts is refused as changed
 * concurrently. A claim another command reserved and has not finished writing (single-stream
 * stores) is a lost race too. The answer waits until the read models show the write, so a GET
 * right after it sees it.
 */
export class CommandEngine {
  readonly clock: () => Date;
  private readonly waitTimeoutMs: number;
  /**
   * Per event type, whether a projection the answer waits for handles it: one applied after the
   * append, not in its transaction (inline). The runner's projections are fixed, so each type is
   * asked once; a write whose events only inline projections handle waits for nothing.
   */
  private readonly waitedTypes = new Map<string, boolean>();

  constructor(private readonly deps: CommandEngineDeps) {
    this.clock = deps.clock;
    this.waitTimeoutMs = deps.waitTimeoutMs ?? 5_000;
  }

  async run<T>(
    context: CommandContext,
    work: (uow: UnitOfWork, now: string) => T | Promise<T>,
    options: RunOptions = {},
  ): Promise<CommandResult<T>> {
    const retry = options.retry ?? lostRaces;
    const giveUpAt = performance.now() + (retry.withinMs ?? Number.POSITIVE_INFINITY);
    for (let attempt = 1; ; attempt += 1) {
      const now = this.deps.clock().toISOString();
      const uow = new UnitOfWork(this.deps.eventStore, context.brandId, this.deps.states, attempt);
      let value: T;
      let eventTypes: Set<string>;
      let positions: LogPosition[];
      try {
        value = await work(uow, now);
        eventTypes = uow.pendingEventTypes();
        positions = await uow.commit(context, now);
      } catch (error) {
        if (!(error instanceof ConcurrencyError || error instanceof ReservationPendingError)) {
          throw error;
        }
        if (attempt < retry.maxAttempts && performance.now() < giveUpAt) {
          // A stream assumed new that exists is no race with anyone: read it and decide at once.
          const expected = error instanceof ConcurrencyError && uow.assumedAbsent(error.streamName);
          if (!expected) await retry.pauseBeforeRetry(attempt);
          continue;
        }
        throw new ChangedConcurrentlyError(attempt, error);
      }
      if (positions.length === 0) return { value, changed: false, positions };
      if (options.readAfterWrite !== false) {
        const projections = this.deps.projections;
        if (!projections) {
          throw new Error(
            'This command engine has no projections to wait for: pass readAfterWrite: false',
          );
        }
        if (this.waitsForAny(projections, eventTypes)) {
          await awaitReadModels(
            { projections, logger: this.deps.logger, waitTimeoutMs: this.waitTimeoutMs },
            positions,
            context,
            'read models did not reach the write in time',
            eventTypes,
          );
        }
      }
      return { value, changed: true, positions };
    }
  }

  private waitsForAny(projections: ProjectionWaiter, eventTypes: Iterable<string>): boolean {
    for (const type of eventTypes) {
      let waited = this.waitedTypes.get(type);
      if (waited === undefined) {
        waited = projections.handling([type]).length > 0;
        this.waitedTypes.set(type, waited);
      }
      if (waited) return true;
    }
    return false;
  }
}
