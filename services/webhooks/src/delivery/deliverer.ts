import { CommandEngine, WakeSignal, checkpointsChannel } from '@brand-api/event-store';
import type { Database, EventStore } from '@brand-api/event-store';
import { AttemptRecorder } from './attempt-recorder';
import { AttemptSender } from './attempt-sender';
import { DeliveryLoop } from './delivery-loop';
import { DueDeliveries } from './due-deliveries';
import { GoneEndpoints } from './gone-endpoints';
import type { WebhookHttpClient } from './http-client';
import { silentLogger } from './webhook-logger';
import type { WebhookLogger } from './webhook-logger';

export type { WebhookLogger } from './webhook-logger';

export interface DelivererOptions {
  db: Database;
  /** Where the deliverer records that an endpoint answered 410 (WebhookEndpointDisabled). */
  store: EventStore;
  /** The command engine to record it through (default: one of its own on `store`). */
  commands?: CommandEngine;
  http: WebhookHttpClient;
  clock?: () => Date;
  /** In [0, 1): the retry jitter. */
  random?: () => number;
  logger?: WebhookLogger;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** How long a claimed delivery stays ours (default the timeout + 60 s). */
  leaseMs?: number;
  /** Requests in flight at once (default 64). */
  maxInFlight?: number;
  /** Deliveries claimed per transaction (default 100). */
  claimBatchSize?: number;
  /** Longest sleep without a wake-up (default 1 s). */
  pollMs?: number;
}

export interface DeliveryCounts {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
}

export interface Deliverer {
  /** Runs until `stop`: claims due deliveries, keeps up to `maxInFlight` requests going. */
  start(): Promise<void>;
  /** Stops claiming, lets requests in flight finish and records them. */
  stop(): Promise<void>;
  /** Something may be due now (the projector wrote rows, an operator replayed). */
  wake(): void;
  /**
   * Sends everything due at `clock()` once and records the attempts, then resolves; for
   * injected clocks in tests and for operators' one-shot runs. Do not mix with `start`.
   */
  deliverDue(): Promise<DeliveryCounts>;
}

export const defaultTimeoutMs = 15_000;

/**
 * The deliverer: signed POSTs from the outbox, wired from its parts: `DueDeliveries` (claiming
 * what is due, handing back what was not sent, and what stopped deliverers left claimed),
 * `AttemptSender` (one signed attempt and its judged outcome), `AttemptRecorder` (attempts
 * recorded in batches, one transaction for however many finished meanwhile, which schedules the
 * retries), `GoneEndpoints` (disabling an endpoint that answered 410) and `DeliveryLoop` (the
 * slots in flight, the claim-ahead queue and the sleeps between wake-ups).
 */
export function createDeliverer(options: DelivererOptions): Deliverer {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const claimBatchSize = options.claimBatchSize ?? 100;
  const signal = new WakeSignal();
  let running = false;
  const isRunning = () => running;
  const commands =
    options.commands ?? new CommandEngine({ eventStore: options.store, clock, logger });
  const gone = new GoneEndpoints(commands, logger);
  const due = new DueDeliveries(options.db, clock, options.leaseMs ?? timeoutMs + 60_000, logger);
  const sender = new AttemptSender({
    http: options.http,
    clock,
    random: options.random ?? Math.random,
    timeoutMs,
    onGone: (delivery) => gone.disable(delivery),
  });
  const recorder = new AttemptRecorder(options.db, logger, isRunning);
  const deliveryLoop = new DeliveryLoop({
    due,
    sender,
    recorder,
    logger,
    signal,
    isRunning,
    claimBatchSize,
    maxInFlight: options.maxInFlight ?? 64,
    pollMs: options.pollMs ?? 1_000,
  });
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  return {
    async start() {
      if (running) return;
      running = true;
      // Every projection batch notifies this channel, the webhook projector's included, and so
      // does an operator's retry or replay (`sendNow`). One LISTEN only: each holds a pooled
      // connection.
      unlisten = await options.db.listen(checkpointsChannel, () => signal.wake());
      loop = deliveryLoop.run();
    },
    async stop() {
      running = false;
      signal.wake();
      await loop;
      loop = undefined;
      await deliveryLoop.requestsSettled();
      await recorder.flush();
      await gone.settled();
      await due.letGo();
      await unlisten?.();
      unlisten = undefined;
    },
    wake: () => signal.wake(),
    async deliverDue() {
      const counts: DeliveryCounts = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
      for (;;) {
        const { deliveries, rowsTaken } = await due.claim(claimBatchSize);
        counts.failed += rowsTaken - deliveries.length;
        const results = await Promise.all(deliveries.map((delivery) => sender.send(delivery)));
        recorder.add(...results);
        await recorder.flush();
        for (const result of results) counts[result.outcome] += 1;
        counts.attempted += results.length;
        if (rowsTaken < claimBatchSize) break;
      }
      await gone.settled();
      await due.letGo();
      return counts;
    },
  };
}
