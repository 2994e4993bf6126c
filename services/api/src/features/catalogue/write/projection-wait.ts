import type { Queryable, LogPosition } from '@brand-api/event-store';
import { comparePositions, readCheckpoints } from '@brand-api/event-store';
import type { ProjectionWaiter } from '../../../commands/command-runner';

/** How often the shared poll re-reads the checkpoint while a command waits. */
const pollMs = 3;

/**
 * Read-after-write for the catalogue's multi-stream commands. `AppServices` does not expose
 * the app's `ProjectionWaiter` (only the single-stream command runner uses it), so until it
 * does, this waits on the catalogue projection's checkpoint row. All waiting commands share
 * one poll of one small row, so fifty concurrent writers cost one query every few ms.
 */
export function checkpointPollingWaiter(db: Queryable, projectionName: string): ProjectionWaiter {
  let reached: LogPosition = { commit: 0, prepare: 0 };
  let polling: Promise<void> | undefined;
  const waiters = new Set<() => void>();

  const pollOnce = async () => {
    const [checkpoint] = await readCheckpoints(db, [projectionName]);
    if (checkpoint && comparePositions(checkpoint.position, reached) > 0)
      reached = checkpoint.position;
    for (const wake of [...waiters]) wake();
  };
  const poll = () => {
    polling ??= pollOnce().finally(() => {
      polling = undefined;
    });
    return polling;
  };

  return {
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (comparePositions(reached, position) >= 0) return true;
        await poll();
        if (comparePositions(reached, position) >= 0) return true;
        if (Date.now() >= deadline) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, pollMs);
          waiters.add(done);
        });
      }
    },
  };
}
