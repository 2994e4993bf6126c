import { setTimeout as delay } from 'node:timers/promises';
import type { Database, PipelinedStatement } from './database';

/**
 * Sends NOTIFY on `channel` after commits, coalesced: at most one NOTIFY is in flight and pokes
 * that arrive meanwhile cause exactly one more.
 *
 * Why not `pg_notify` inside every writing transaction: Postgres serialises the commits of
 * every transaction that notifies (a global lock held through the commit's fsync), which cut 10
 * concurrent 1-event appends from ~6,000/s to ~2,000/s here. A notify is only a wake-up hint —
 * readers also poll — so it is sent after the commit, with asynchronous commit (nothing to make
 * durable). A crash between commit and notify costs a poll.
 *
 * With `carryEveryMs`, writes carry the NOTIFY themselves, a few at a time: `carry()` hands a
 * write about to commit the `pg_notify` to send with its COMMIT when none was sent for that
 * long, and the pokes of the writes that committed before it need nothing more. So a steady
 * stream of writes wakes readers with no statement, round trip or commit of its own, and at
 * most 1000 / carryEveryMs commits a second take the notify lock. A poke no carrier covers is
 * sent on its own once 2 × carryEveryMs have passed: the delay a reader may see.
 *
 * Without carrying, `minGapMs` spaces the NOTIFYs out: one leaves at most every `minGapMs`,
 * covering every poke made before it leaves. Otherwise a writer appending one event at a time
 * sent a NOTIFY after nearly every append, a second commit (one that takes the notify lock) for
 * each write.
 */
export interface CoalescingNotifier {
  /** A commit that carried no NOTIFY: readers must hear of it. */
  poke(): void;
  /**
   * For a write about to commit: the statement to send in its transaction, or nothing when a
   * NOTIFY left recently. A write that took one and did not commit calls `carryFailed()`.
   */
  carry(): PipelinedStatement | undefined;
  /** The write that took `carry()`'s statement rolled back: the pokes it covered are sent now. */
  carryFailed(): void;
  /** Waits for the NOTIFY in flight; later pokes are ignored. */
  close(): Promise<void>;
}

export interface CoalescingNotifierOptions {
  /** Told about a NOTIFY that failed (the writes are unaffected). */
  onError?: (error: unknown) => void;
  /** Sent with every NOTIFY: lets a listener in the sending process recognise its own. */
  payload?: string;
  /** Lets writes carry the NOTIFY (see above); without it `carry()` returns nothing. */
  carryEveryMs?: number;
  /** The least time between two NOTIFYs sent on their own (see above); default none. */
  minGapMs?: number;
}

export function createCoalescingNotifier(
  db: Database,
  channel: string,
  {
    onError = () => undefined,
    payload = '',
    carryEveryMs,
    minGapMs = 0,
  }: CoalescingNotifierOptions = {},
): CoalescingNotifier {
  let inFlight: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** When the last NOTIFY left (sent, or handed to a carrier). */
  let lastSentAt = Number.NEGATIVE_INFINITY;
  /** When the oldest poke that no NOTIFY sent since covers arrived. */
  let uncoveredSince: number | undefined;
  let trailing: NodeJS.Timeout | undefined;
  const statement: PipelinedStatement = {
    text: 'SELECT pg_notify($1, $2)',
    params: [channel, payload],
  };

  const sendUntilQuiet = async () => {
    do {
      const gap = lastSentAt + minGapMs - performance.now();
      if (gap > 0) await delay(gap);
      // A poke made before the NOTIFY leaves is covered by it: its write committed first.
      again = false;
      lastSentAt = performance.now();
      uncoveredSince = undefined;
      try {
        await db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [
          channel,
          payload,
        ]);
      } catch (error) {
        onError(error);
      }
    } while (again); // a poke made before close() is still sent
  };

  const sendNow = () => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = sendUntilQuiet().finally(() => {
      inFlight = undefined;
    });
  };

  /** Sends the uncovered pokes once no carrier came for 2 × carryEveryMs. */
  const armTrailing = (delayMs: number) => {
    trailing = setTimeout(() => {
      trailing = undefined;
      if (uncoveredSince === undefined) return;
      const due = uncoveredSince + 2 * carryEveryMs!;
      if (performance.now() >= due) sendNow();
      else armTrailing(due - performance.now());
    }, delayMs);
    trailing.unref();
  };

  return {
    poke() {
      if (closed) return;
      if (carryEveryMs === undefined) return sendNow();
      uncoveredSince ??= performance.now();
      if (!trailing) armTrailing(2 * carryEveryMs);
    },
    carry() {
      if (closed || carryEveryMs === undefined) return undefined;
      const now = performance.now();
      if (inFlight || now - lastSentAt < carryEveryMs) return undefined;
      lastSentAt = now;
      uncoveredSince = undefined;
      return statement;
    },
    carryFailed() {
      if (!closed) sendNow();
    },
    async close() {
      if (trailing) {
        clearTimeout(trailing);
        trailing = undefined;
      }
      // What no carrier covered yet still wakes the readers (after the NOTIFY in flight).
      if (!closed && uncoveredSince !== undefined) sendNow();
      closed = true;
      await inFlight;
    },
  };
}
