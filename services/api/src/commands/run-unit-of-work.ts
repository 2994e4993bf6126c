import { ApiError } from '@brand-api/contracts';
import type { EventStore } from '@brand-api/event-store';
import { ConcurrencyError } from '@brand-api/event-store';
import type { Logger } from 'pino';
import type { CommandContext, ProjectionWaiter } from './command-runner';
import type { StreamStates } from './stream-states';
import { UnitOfWork } from './unit-of-work';

export interface UnitOfWorkDeps {
  eventStore: EventStore;
  projections: ProjectionWaiter;
  clock: () => Date;
  logger: Logger;
  /** Read-after-write bound. */
  waitTimeoutMs: number;
  /** This process's folded stream states (none: every load reads whole streams). */
  states?: StreamStates | undefined;
}

/** How one family of commands (catalogue, community) handles races and slow projections. */
export interface UnitOfWorkPolicy {
  /** Runs of a command that lost a race on one of its streams. */
  maxAttempts: number;
  /** Waits before a re-run, to spread racers out; none when absent. */
  pauseBeforeRetry?: (attempt: number) => Promise<unknown>;
  /** The 409's message once every run has lost. */
  conflictMessage: string;
  /** The warning logged when the read models miss the read-after-write bound. */
  notVisibleMessage: string;
}

export interface UnitOfWorkResult<T> {
  value: T;
  /** False when the command decided no events. */
  changed: boolean;
}

/**
 * Runs a command through a fresh unit of work: `work` reads streams and decides, and the unit
 * appends everything it decided atomically. A lost race re-runs the command from a fresh read,
 * where the decider sees the winner (a store id taken meanwhile, a like already given); a
 * command still losing after `maxAttempts` answers 409 CONFLICT. The answer waits until the
 * read models show the write, so a GET right after sees it.
 */
export async function runUnitOfWork<T>(
  deps: UnitOfWorkDeps,
  policy: UnitOfWorkPolicy,
  context: CommandContext,
  work: (uow: UnitOfWork, now: string) => T | Promise<T>,
): Promise<UnitOfWorkResult<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.clock().toISOString();
    const uow = new UnitOfWork(deps.eventStore, context.brandId, deps.states);
    const value = await work(uow, now);
    let position;
    try {
      position = await uow.commit(context, now);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt < policy.maxAttempts) {
        await policy.pauseBeforeRetry?.(attempt);
        continue;
      }
      throw new ApiError('CONFLICT', { message: policy.conflictMessage, cause: error });
    }
    if (position === undefined) return { value, changed: false };
    const visible = await deps.projections.waitFor(position, deps.waitTimeoutMs);
    if (!visible) {
      deps.logger.warn({ position, requestId: context.requestId }, policy.notVisibleMessage);
    }
    return { value, changed: true };
  }
}
