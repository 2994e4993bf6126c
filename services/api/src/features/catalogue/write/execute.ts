import type { CommandContext } from '../../../commands/command-runner';
import { runUnitOfWork } from '../../../commands/run-unit-of-work';
import type { UnitOfWorkDeps, UnitOfWorkResult } from '../../../commands/run-unit-of-work';
import type { UnitOfWork } from '../../../commands/unit-of-work';

/** What catalogue writes need: `runUnitOfWork`'s dependencies, with defaults for two of them. */
export interface CatalogueWriteDeps extends Omit<UnitOfWorkDeps, 'waitTimeoutMs'> {
  /** Read-after-write bound (default 5 s). */
  waitTimeoutMs?: number;
  /** Runs of a command that lost a race on one of its streams (default 5). */
  maxAttempts?: number;
}

export type CatalogueCommandResult<T> = UnitOfWorkResult<T>;

/** Runs a catalogue command through `runUnitOfWork`, retrying lost races without a pause. */
export function runCatalogueCommand<T>(
  deps: CatalogueWriteDeps,
  context: CommandContext,
  work: (uow: UnitOfWork, now: string) => Promise<T>,
): Promise<CatalogueCommandResult<T>> {
  return runUnitOfWork(
    { ...deps, waitTimeoutMs: deps.waitTimeoutMs ?? 5_000 },
    {
      maxAttempts: deps.maxAttempts ?? 5,
      conflictMessage: 'The resource was changed concurrently; fetch it and retry',
      notVisibleMessage: 'catalogue read model did not reach the write in time',
    },
    context,
    work,
  );
}
