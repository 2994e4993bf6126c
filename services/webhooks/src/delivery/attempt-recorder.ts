import type { Database } from '@brand-api/event-store';
import { recordAttempts } from './outbox';
import type { AttemptResult } from './outbox';
import type { WebhookLogger } from './webhook-logger';

/**
 * Records finished attempts (and so schedules the retries their outcome set) in batches: one
 * transaction for however many finished meanwhile, so the database is not the bottleneck.
 */
export class AttemptRecorder {
  private unrecorded: AttemptResult[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: WebhookLogger,
    /** False once the deliverer is stopping: recording then gives up after a few failures. */
    private readonly isRunning: () => boolean,
  ) {}

  add(...results: AttemptResult[]): void {
    this.unrecorded.push(...results);
  }

  /** One recorder at a time; results arriving meanwhile join its next transaction. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.unrecorded.length === 0) return Promise.resolve();
    const current = this.recordUntilEmpty().finally(() => {
      if (this.flushing === current) this.flushing = undefined;
    });
    this.flushing = current;
    return current;
  }

  /** Records whatever finished until nothing is left; on a database error waits and retries. */
  private async recordUntilEmpty(): Promise<void> {
    let failures = 0;
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded;
      this.unrecorded = [];
      try {
        const lost = await recordAttempts(this.db, batch);
        failures = 0;
        if (lost.length > 0) {
          this.logger.warn(
            { deliveryIds: lost },
            'webhook claims expired before their attempts were recorded',
          );
        }
      } catch (error) {
        this.unrecorded = [...batch, ...this.unrecorded];
        failures += 1;
        this.logger.error({ err: error, failures }, 'recording webhook attempts failed');
        // Leases end anyway: unrecorded deliveries are sent again then, never lost.
        if (!this.isRunning() && failures >= 5) {
          this.unrecorded = [];
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** failures, 5_000)));
      }
    }
  }
}
