import type { Database } from './database';

/**
 * Sends NOTIFY on `channel` after a commit, coalesced: at most one NOTIFY is in flight and pokes
 * that arrive meanwhile cause exactly one more.
 *
 * Why not `pg_notify` inside the writing transaction: Postgres serialises the commits of every
 * transaction that notifies (a global lock held through the commit's fsync), which cut 10
 * concurrent 1-event appends from ~6,000/s to ~2,000/s here. A notify is only a wake-up hint —
 * readers also poll — so sending it after the commit, with asynchronous commit (nothing to make
 * durable), keeps appends at raw INSERT speed. A crash between commit and notify costs a poll.
 */
export interface CoalescingNotifier {
  poke(): void;
  /** Waits for the NOTIFY in flight; later pokes are ignored. */
  close(): Promise<void>;
}

export function createCoalescingNotifier(
  db: Database,
  channel: string,
  onError: (error: unknown) => void = () => undefined,
  /** Sent with every NOTIFY: lets a listener in the sending process recognise its own. */
  payload = '',
): CoalescingNotifier {
  let inFlight: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const sendUntilQuiet = async () => {
    do {
      again = false;
      try {
        await db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [
          channel,
          payload,
        ]);
      } catch (error) {
        onError(error);
      }
    } while (again && !closed);
  };

  return {
    poke() {
      if (closed) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = sendUntilQuiet().finally(() => {
        inFlight = undefined;
      });
    },
    async close() {
      closed = true;
      await inFlight;
    },
  };
}
