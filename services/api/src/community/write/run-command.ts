import { ApiError } from '@brand-api/contracts';
import { ConcurrencyError } from '@brand-api/event-store';
import type { CommandContext } from '../../commands/command-runner';
// The shared unit of work: streams read once, decided on, appended atomically.
import { UnitOfWork } from '../../commands/unit-of-work';
import type { AppServices } from '../../services';

export { UnitOfWork };

export interface CommunityCommandResult<T> {
  value: T;
  /** False when the command decided no events. */
  changed: boolean;
}

/**
 * Enough for a burst of members racing for one username: each round of a race has a winner, so
 * n racers need up to n rounds. A short random pause spreads the losers out between rounds.
 */
const maxAttempts = 12;
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));

/**
 * Runs a community command: `work` loads and decides through a fresh unit of work, which is
 * appended atomically (member, its claims and its magic link together, or a group and its
 * members' updates). A lost race re-runs the command from a fresh read, where the decider
 * sees the winner (a like already given, a link already used). The answer waits until the
 * read models show the write, so a GET right after sees it.
 */
export async function runCommunityCommand<T>(
  services: AppServices,
  context: CommandContext,
  work: (uow: UnitOfWork, now: string) => T | Promise<T>,
): Promise<CommunityCommandResult<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const now = services.clock().toISOString();
    const uow = new UnitOfWork(services.eventStore, context.brandId);
    const value = await work(uow, now);
    let position;
    try {
      position = await uow.commit(context, now);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt < maxAttempts) {
        await pauseBeforeRetry(attempt);
        continue;
      }
      throw new ApiError('CONFLICT', {
        message: 'The resource was changed concurrently; retry the request',
        cause: error,
      });
    }
    if (position === undefined) return { value, changed: false };
    const visible = await services.projections.waitFor(position, services.commandWaitMs);
    if (!visible) {
      services.logger.warn(
        { position, requestId: context.requestId },
        'read models did not reach the community write in time',
      );
    }
    return { value, changed: true };
  }
}
