import type { WakeSignal } from '@brand-api/event-store';
import type { AttemptRecorder } from './attempt-recorder';
import type { AttemptSender } from './attempt-sender';
import type { DueDeliveries } from './due-deliveries';
import type { ClaimedDelivery } from './outbox';
import type { WebhookLogger } from './webhook-logger';

export interface DeliveryLoopParts {
  due: DueDeliveries;
  sender: AttemptSender;
  recorder: AttemptRecorder;
  logger: WebhookLogger;
  /** Woken by the deliverer (something may be due) and by every finished request. */
  signal: WakeSignal;
  /** False once the deliverer is stopping. */
  isRunning: () => boolean;
  /** Requests in flight at once. */
  maxInFlight: number;
  /** Deliveries claimed per transaction. */
  claimBatchSize: number;
  /** Longest sleep without a wake-up. */
  pollMs: number;
}

/**
 * The running deliverer: claims due deliveries and keeps up to `maxInFlight` requests going,
 * sleeping until the next one falls due, a wake-up, or the poll interval.
 */
export class DeliveryLoop {
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * Claimed deliveries waiting for a free slot. Claiming ahead (up to `maxInFlight`) keeps every
   * slot busy while claims stay batched: without it, each finished request would free one slot
   * and cost one claim transaction.
   */
  private readonly queue: ClaimedDelivery[] = [];

  constructor(private readonly parts: DeliveryLoopParts) {}

  /** Until the deliverer stops; then hands back what was claimed but never sent. */
  async run(): Promise<void> {
    const { signal, isRunning, maxInFlight, pollMs } = this.parts;
    while (isRunning()) {
      const seen = signal.current;
      this.launchQueued();
      const room = maxInFlight - this.queue.length;
      if (room < Math.ceil(maxInFlight / 2)) {
        // Enough queued: wait for requests to finish.
        await signal.wait(pollMs, seen);
        continue;
      }
      await this.claimMore(room, seen);
    }
    await this.releaseUnsent();
  }

  /** Resolves once every request started so far has finished (its result handed on). */
  async requestsSettled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** Claims up to `room` more; sleeps when nothing more is due now. */
  private async claimMore(room: number, seen: number): Promise<void> {
    const { due, signal, logger, claimBatchSize, pollMs } = this.parts;
    try {
      const limit = Math.min(room, claimBatchSize);
      const { deliveries, rowsTaken } = await due.claim(limit);
      this.queue.push(...deliveries);
      if (rowsTaken === limit) return;
      this.launchQueued();
      // Nothing more due now: sleep until the next row falls due, a wake-up, or the poll.
      const untilDue = (await due.msUntilNextDue()) ?? pollMs;
      await signal.wait(Math.min(pollMs, Math.max(rowsTaken === 0 ? 25 : 0, untilDue)), seen);
    } catch (error) {
      logger.error({ err: error }, 'claiming webhook deliveries failed');
      await signal.wait(pollMs, seen);
    }
  }

  private launchQueued(): void {
    while (this.queue.length > 0 && this.inFlight.size < this.parts.maxInFlight) {
      this.launch(this.queue.shift()!);
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    const { sender, recorder, signal } = this.parts;
    const task = sender.send(delivery).then((result) => {
      recorder.add(result);
      void recorder.flush();
    });
    this.inFlight.add(task);
    void task.finally(() => {
      this.inFlight.delete(task);
      signal.wake();
    });
  }

  private async releaseUnsent(): Promise<void> {
    const unsent = this.queue.splice(0);
    if (unsent.length === 0) return;
    await this.parts.due
      .release(unsent)
      .catch((error: unknown) =>
        this.parts.logger.error({ err: error }, 'releasing unsent webhook claims failed'),
      );
  }
}
