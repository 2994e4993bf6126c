/** How a command that lost a race on one of its streams runs again. */
export interface RetryPolicy {
  /** Runs in all, the first included. */
  maxAttempts: number;
  /** No run starts this long after the first one started (default: no time bound). */
  withinMs?: number;
  /** Waits before run `attempt + 1`, to spread racers out. */
  pauseBeforeRetry: (attempt: number) => Promise<unknown>;
}

/**
 * The policy of every command. A write without a precondition is never a conflict for its
 * caller: it is decided again on the fresh state until it lands (a unique value taken meanwhile
 * is then decided as taken, never retried), within the request's time bound.
 *
 * Each round of a race has one winner. Under sustained contention (writers that send their
 * next write as soon as one lands) a loser competes every round with writers that just
 * arrived, so its wait has a long tail and no number of rounds is enough: 30 rounds with
 * pauses growing to 100 ms lost 46 of 632 PATCHes of one product to 40 writers for 20 s. So:
 * - the bound is time: 20 s of deciding again, inside the 30 s the HTTP server gives a request
 *   (`apiTimeouts.requestMs`) and HTTP clients commonly wait;
 * - the pause shrinks as a command keeps losing (random, up to 100 ms / attempt): a command
 *   that lost often is back first after the next commit, so waits even out instead of a few
 *   unlucky writers losing round after round.
 */
export const lostRaces: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  withinMs: 20_000,
  pauseBeforeRetry: (attempt) =>
    new Promise((resolve) => setTimeout(resolve, Math.random() * (100 / attempt))),
};

/** For a command with a precondition (`If-Match`): a lost race means the precondition failed. */
export const noRetries: RetryPolicy = {
  maxAttempts: 1,
  pauseBeforeRetry: () => Promise.resolve(),
};
