import type { CommandContext } from '../../commands/command-runner';
import { runUnitOfWork } from '../../commands/run-unit-of-work';
import type { UnitOfWorkResult } from '../../commands/run-unit-of-work';
// The shared unit of work: streams read once, decided on, appended atomically.
import { UnitOfWork } from '../../commands/unit-of-work';
import type { AppServices } from '../../services';

export { UnitOfWork };

export type CommunityCommandResult<T> = UnitOfWorkResult<T>;

/**
 * Enough for a burst of members racing for one username: each round of a race has a winner, so
 * n racers need up to n rounds. A short random pause spreads the losers out between rounds.
 */
const maxAttempts = 12;
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));

/**
 * Runs a community command through `runUnitOfWork`: one unit appends a member, its claims and
 * its magic link together, or a group and its members' updates.
 */
export function runCommunityCommand<T>(
  services: AppServices,
  context: CommandContext,
  work: (uow: UnitOfWork, now: string) => T | Promise<T>,
): Promise<CommunityCommandResult<T>> {
  return runUnitOfWork(
    { ...services, waitTimeoutMs: services.commandWaitMs, states: services.streamStates },
    {
      maxAttempts,
      pauseBeforeRetry,
      conflictMessage: 'The resource was changed concurrently; retry the request',
      notVisibleMessage: 'read models did not reach the community write in time',
    },
    context,
    work,
  );
}
