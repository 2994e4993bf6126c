import { randomUUID } from 'node:crypto';
import { advisoryKeySql } from '@brand-api/event-store';
import type { Database, Session } from '@brand-api/event-store';
import {
  claimDueDeliveries,
  delivererLockKey,
  nextDueAt,
  releaseClaims,
  releaseClaimsOfStoppedDeliverers,
} from './outbox';
import type { ClaimedDelivery } from './outbox';
import type { WebhookLogger } from './webhook-logger';

/**
 * The outbox as the deliverer sees it: claiming what is due, and handing back what it kept.
 *
 * Its claims carry one token, and while it claims it holds the advisory lock that token names
 * (`delivererLockKey`) for a session of its own, so another deliverer can tell it is alive: every
 * few seconds, before claiming, each makes due again the claims of deliverers whose lock is gone
 * (`releaseClaimsOfStoppedDeliverers`), instead of letting them wait for their lease to end.
 */
export class DueDeliveries {
  private readonly claimToken = randomUUID();
  private session: Session | undefined;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** How long a claimed delivery stays ours. */
    private readonly leaseMs: number,
    private readonly logger: WebhookLogger,
    /** How often claims left by stopped deliverers are looked for (at most, before a claim). */
    private readonly sweepEveryMs = 5_000,
  ) {}

  /** Up to `limit` deliveries due now, leased to this deliverer (one transaction). */
  async claim(limit: number): ReturnType<typeof claimDueDeliveries> {
    await this.holdLock();
    if (performance.now() - this.lastSweep >= this.sweepEveryMs) {
      this.lastSweep = performance.now();
      const released = await releaseClaimsOfStoppedDeliverers(this.db);
      if (released > 0) {
        this.logger.info(
          { released },
          'webhook deliveries a stopped deliverer had claimed are due again',
        );
      }
    }
    const now = this.clock();
    return claimDueDeliveries(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      claimToken: this.claimToken,
      limit,
    });
  }

  /** Milliseconds until the next delivery falls due (negative when overdue), or undefined. */
  async msUntilNextDue(): Promise<number | undefined> {
    const due = await nextDueAt(this.db);
    return due === null ? undefined : due.getTime() - this.clock().getTime();
  }

  /** Hands back claims never sent, so another worker need not wait for their lease. */
  release(unsent: readonly ClaimedDelivery[]): Promise<void> {
    return releaseClaims(this.db, unsent);
  }

  /** Lets go of the lock (stopping): what is still claimed is anyone's at the next sweep. */
  async letGo(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    // PGlite's session is its one connection, which lives on: unlock explicitly.
    await session
      .query(`SELECT pg_advisory_unlock(${advisoryKeySql})`, [delivererLockKey(this.claimToken)])
      .catch(() => undefined);
    await session.release();
  }

  /** Takes the lock naming this deliverer's claims, again on a new session if one was lost. */
  private async holdLock(): Promise<void> {
    if (this.session) return;
    const session: Session = await this.db.session((error) => {
      if (this.session !== session) return;
      this.session = undefined;
      this.logger.warn(
        { err: error },
        'webhook deliverer lost the lock naming its claims; taking it again',
      );
    });
    try {
      await session.query(`SELECT pg_advisory_lock(${advisoryKeySql})`, [
        delivererLockKey(this.claimToken),
      ]);
    } catch (error) {
      await session.release();
      throw error;
    }
    this.session = session;
  }
}
