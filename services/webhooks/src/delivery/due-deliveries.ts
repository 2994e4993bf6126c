import { randomUUID } from 'node:crypto';
import type { Database } from '@brand-api/event-store';
import { claimDueDeliveries, nextDueAt, releaseClaims } from './outbox';
import type { ClaimedDelivery } from './outbox';

/** The outbox as the deliverer sees it: claiming what is due, and handing back what it kept. */
export class DueDeliveries {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** How long a claimed delivery stays ours. */
    private readonly leaseMs: number,
  ) {}

  /** Up to `limit` deliveries due now, leased to this deliverer (one transaction). */
  claim(limit: number): ReturnType<typeof claimDueDeliveries> {
    const now = this.clock();
    return claimDueDeliveries(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      claimToken: randomUUID(),
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
}
