import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { webhookEndpointDecider, webhookEndpointStreamName } from '@brand-api/domain';
import type { WebhookEndpointCommand } from '@brand-api/domain';
import { CommandEngine, WakeSignal, checkpointsChannel } from '@brand-api/event-store';
import type { Database, EventStore } from '@brand-api/event-store';
import { judgeAttempt } from './attempt-outcome';
import { WebhookRequestError } from './http-client';
import type { WebhookHttpClient } from './http-client';
import { claimDueDeliveries, nextDueAt, recordAttempts, releaseClaims } from './outbox';
import type { AttemptResult, ClaimedDelivery } from './outbox';
import { MessageSigner } from './signer';

/** pino's Logger satisfies it. */
export interface WebhookLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const silentLogger: WebhookLogger = { info() {}, warn() {}, error() {} };

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
 * The deliverer: signed POSTs from the outbox. Attempts are recorded in batches (one
 * transaction for however many finished meanwhile), so the database is not the bottleneck.
 */
export function createDeliverer(options: DelivererOptions): Deliverer {
  const { db, store, http } = options;
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const logger = options.logger ?? silentLogger;
  const commands = options.commands ?? new CommandEngine({ eventStore: store, clock, logger });
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const leaseMs = options.leaseMs ?? timeoutMs + 60_000;
  const maxInFlight = options.maxInFlight ?? 64;
  const claimBatchSize = options.claimBatchSize ?? 100;
  const pollMs = options.pollMs ?? 1_000;
  const signer = new MessageSigner();
  const signal = new WakeSignal();

  const inFlight = new Set<Promise<void>>();
  const disabling = new Set<Promise<void>>();
  let unrecorded: AttemptResult[] = [];
  let flushing: Promise<void> | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const claim = (limit: number) => {
    const now = clock();
    return claimDueDeliveries(db, {
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      claimToken: randomUUID(),
      limit,
    });
  };

  /** Records whatever finished until nothing is left; on a database error waits and retries. */
  const recordUntilEmpty = async () => {
    let failures = 0;
    while (unrecorded.length > 0) {
      const batch = unrecorded;
      unrecorded = [];
      try {
        const lost = await recordAttempts(db, batch);
        failures = 0;
        if (lost.length > 0) {
          logger.warn(
            { deliveryIds: lost },
            'webhook claims expired before their attempts were recorded',
          );
        }
      } catch (error) {
        unrecorded = [...batch, ...unrecorded];
        failures += 1;
        logger.error({ err: error, failures }, 'recording webhook attempts failed');
        // Leases end anyway: unrecorded deliveries are sent again then, never lost.
        if (!running && failures >= 5) {
          unrecorded = [];
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** failures, 5_000)));
      }
    }
  };

  /** One recorder at a time; results arriving meanwhile join its next transaction. */
  const flush = (): Promise<void> => {
    if (flushing) return flushing;
    if (unrecorded.length === 0) return Promise.resolve();
    const current = recordUntilEmpty().finally(() => {
      if (flushing === current) flushing = undefined;
    });
    flushing = current;
    return current;
  };

  const disableGoneEndpoint = (delivery: ClaimedDelivery) => {
    const command: WebhookEndpointCommand = {
      type: 'DisableWebhookEndpoint',
      data: {
        webhookEndpointId: delivery.endpointId,
        brandId: delivery.brandId,
        reason: 'gone',
        detail: `HTTP 410 Gone answering message ${delivery.messageId}`,
      },
    };
    const context = {
      brandId: delivery.brandId,
      actor: { kind: 'system' as const, id: 'webhook-deliverer' },
      requestId: null,
      correlationId: delivery.messageId,
      causationId: delivery.messageId,
    };
    // Nobody waits for the answer: no read-after-write.
    const done = commands
      .run(
        context,
        async (uow) => {
          const endpoint = await uow.load(
            webhookEndpointStreamName(delivery.endpointId),
            webhookEndpointDecider,
            { tenant: true },
          );
          endpoint.decide(command);
        },
        { readAfterWrite: false },
      )
      .then(
        () =>
          logger.warn(
            { endpointId: delivery.endpointId },
            'webhook endpoint answered 410 and was disabled',
          ),
        (error: unknown) =>
          logger.error(
            { err: error, endpointId: delivery.endpointId },
            'disabling a gone endpoint failed',
          ),
      );
    disabling.add(done);
    void done.finally(() => disabling.delete(done));
  };

  const attempt = async (delivery: ClaimedDelivery): Promise<AttemptResult> => {
    const attemptedAt = clock();
    const headers = signer.sign(delivery.messageId, delivery.body, delivery.secrets, attemptedAt);
    const started = performance.now();
    let answer: Parameters<typeof judgeAttempt>[0];
    try {
      answer = {
        response: await http.post({ url: delivery.url, headers, body: delivery.body, timeoutMs }),
      };
    } catch (error) {
      answer = {
        error:
          error instanceof WebhookRequestError
            ? error
            : new WebhookRequestError(
                'network',
                error instanceof Error ? error.message : String(error),
              ),
      };
    }
    const durationMs = performance.now() - started;
    const number = delivery.attempts + 1;
    const judged = judgeAttempt(answer, number, clock(), random);
    if (judged.gone) disableGoneEndpoint(delivery);
    return {
      deliveryId: delivery.deliveryId,
      claimToken: delivery.claimToken,
      messageId: delivery.messageId,
      endpointId: delivery.endpointId,
      attempt: number,
      url: delivery.url,
      attemptedAt,
      durationMs,
      statusCode: 'response' in answer ? answer.response.statusCode : null,
      outcome: judged.outcome,
      error: judged.error,
      responseExcerpt: 'response' in answer ? answer.response.bodyExcerpt : null,
      nextAttemptAt: judged.nextAttemptAt,
    };
  };

  const launch = (delivery: ClaimedDelivery) => {
    const task = attempt(delivery).then((result) => {
      unrecorded.push(result);
      void flush();
    });
    inFlight.add(task);
    void task.finally(() => {
      inFlight.delete(task);
      signal.wake();
    });
  };

  /**
   * Claimed deliveries waiting for a free slot. Claiming ahead (up to `maxInFlight`) keeps every
   * slot busy while claims stay batched: without it, each finished request would free one slot
   * and cost one claim transaction.
   */
  const queue: ClaimedDelivery[] = [];

  const run = async () => {
    while (running) {
      const seen = signal.current;
      while (queue.length > 0 && inFlight.size < maxInFlight) launch(queue.shift()!);
      const room = maxInFlight - queue.length;
      if (room < Math.ceil(maxInFlight / 2)) {
        // Enough queued: wait for requests to finish.
        await signal.wait(pollMs, seen);
        continue;
      }
      try {
        const limit = Math.min(room, claimBatchSize);
        const { deliveries, rowsTaken } = await claim(limit);
        queue.push(...deliveries);
        if (rowsTaken === limit) continue;
        while (queue.length > 0 && inFlight.size < maxInFlight) launch(queue.shift()!);
        // Nothing more due now: sleep until the next row falls due, a wake-up, or the poll.
        const due = await nextDueAt(db);
        const untilDue = due === null ? pollMs : due.getTime() - clock().getTime();
        await signal.wait(Math.min(pollMs, Math.max(rowsTaken === 0 ? 25 : 0, untilDue)), seen);
      } catch (error) {
        logger.error({ err: error }, 'claiming webhook deliveries failed');
        await signal.wait(pollMs, seen);
      }
    }
    // Hand back what was claimed but never sent, so another worker need not wait for the lease.
    const unsent = queue.splice(0);
    if (unsent.length > 0) {
      await releaseClaims(db, unsent).catch((error: unknown) =>
        logger.error({ err: error }, 'releasing unsent webhook claims failed'),
      );
    }
  };

  return {
    async start() {
      if (running) return;
      running = true;
      // Every projection batch notifies this channel, the webhook projector's included. One
      // LISTEN only: each holds a pooled connection. Replays are picked up by the poll.
      unlisten = await db.listen(checkpointsChannel, () => signal.wake());
      loop = run();
    },
    async stop() {
      running = false;
      signal.wake();
      await loop;
      loop = undefined;
      await Promise.all([...inFlight]);
      await flush();
      await Promise.all([...disabling]);
      await unlisten?.();
      unlisten = undefined;
    },
    wake: () => signal.wake(),
    async deliverDue() {
      const counts: DeliveryCounts = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
      for (;;) {
        const { deliveries, rowsTaken } = await claim(claimBatchSize);
        counts.failed += rowsTaken - deliveries.length;
        const results = await Promise.all(deliveries.map(attempt));
        unrecorded.push(...results);
        await flush();
        for (const result of results) counts[result.outcome] += 1;
        counts.attempted += results.length;
        if (rowsTaken < claimBatchSize) break;
      }
      await Promise.all([...disabling]);
      return counts;
    },
  };
}
