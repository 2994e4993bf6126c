/** How a command that lost a race on one of its streams runs again. */
export interface RetryPolicy {
  /** Runs in all, the first included. */
  maxAttempts: number;
  /** Waits before run `attempt + 1`, to spread racers out. */
  pauseBeforeRetry: (attempt: number) => Promise<unknown>;
}

/**
 * The policy of every command. A write without a precondition is never a conflict for its
 * caller: it is decided again on the fresh state until it lands (a unique value taken meanwhile
 * is then decided as taken, never retried). Each round of a race has a winner, so n writers of
 * one resource need up to n rounds; a random pause growing to 100 ms (full jitter) spreads the
 * losers out so they stop colliding. 30 rounds cover 20 parallel PATCHes of one resource, or a
 * burst of sign-ups racing for one username, with a wide margin.
 */
export const lostRaces: RetryPolicy = {
  maxAttempts: 30,
  pauseBeforeRetry: (attempt) =>
    new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt))),
};

/** For a command with a precondition (`If-Match`): a lost race means the precondition failed. */
export const noRetries: RetryPolicy = {
  maxAttempts: 1,
  pauseBeforeRetry: () => Promise.resolve(),
};
