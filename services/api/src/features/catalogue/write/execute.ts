import { ApiError } from '@brand-api/contracts';
import type { EventStore } from '@brand-api/event-store';
import { ConcurrencyError } from '@brand-api/event-store';
import type { Logger } from 'pino';
import type { CommandContext, ProjectionWaiter } from '../../../commands/command-runner';
import { UnitOfWork } from '../../../commands/unit-of-work';

export interface CatalogueWriteDeps {
  eventStore: EventStore;
  projections: ProjectionWaiter;
  clock: () => Date;
  logger: Logger;
  /** Read-after-write bound (default 5 s). */
  waitTimeoutMs?: number;
  /** Runs of a command that lost a race on one of its streams (default 5). */
  maxAttempts?: number;
}

export interface CatalogueCommandResult<T> {
  value: T;
  /** False when nothing was appended (the command changed nothing). */
  changed: boolean;
}

/**
 * Runs a catalogue command: `work` reads streams and decides through a fresh unit of work,
 * which is then appended atomically. Lost races are retried from a fresh read (a store id
 * taken meanwhile then answers 409 from the decider); a command still losing after
 * `maxAttempts` answers 409 too. The answer waits until the read tables show the write.
 */
export async function runCatalogueCommand<T>(
  deps: CatalogueWriteDeps,
  context: CommandContext,
  work: (uow: UnitOfWork, now: string) => Promise<T>,
): Promise<CatalogueCommandResult<T>> {
  const maxAttempts = deps.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.clock().toISOString();
    const uow = new UnitOfWork(deps.eventStore, context.brandId);
    const value = await work(uow, now);
    let position;
    try {
      position = await uow.commit(context, now);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt < maxAttempts) continue;
      throw new ApiError('CONFLICT', {
        message: 'The resource was changed concurrently; fetch it and retry',
        cause: error,
      });
    }
    if (position === undefined) return { value, changed: false };
    const visible = await deps.projections.waitFor(position, deps.waitTimeoutMs ?? 5_000);
    if (!visible) {
      deps.logger.warn(
        { position, requestId: context.requestId },
        'catalogue read model did not reach the write in time',
      );
    }
    return { value, changed: true };
  }
}
