import { performance } from 'node:perf_hooks';
import { judgeAttempt } from './attempt-outcome';
import { WebhookRequestError } from './http-client';
import type { WebhookHttpClient } from './http-client';
import type { AttemptResult, ClaimedDelivery } from './outbox';
import { MessageSigner } from './signer';

export interface AttemptSenderParts {
  http: WebhookHttpClient;
  clock: () => Date;
  /** In [0, 1): the retry jitter. */
  random: () => number;
  /** Per request. */
  timeoutMs: number;
  /** Told when an endpoint answered 410 Gone. */
  onGone: (delivery: ClaimedDelivery) => void;
}

/** Sends one attempt of a claimed delivery (a signed POST) and judges its outcome. */
export class AttemptSender {
  private readonly signer = new MessageSigner();

  constructor(private readonly parts: AttemptSenderParts) {}

  /** Never throws: a failed request is an outcome too. */
  async send(delivery: ClaimedDelivery): Promise<AttemptResult> {
    const { clock, random } = this.parts;
    const attemptedAt = clock();
    const started = performance.now();
    const answer = await this.post(delivery, attemptedAt);
    const durationMs = performance.now() - started;
    const number = delivery.attempts + 1;
    const judged = judgeAttempt(answer, number, clock(), random);
    if (judged.gone) this.parts.onGone(delivery);
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
  }

  private async post(
    delivery: ClaimedDelivery,
    attemptedAt: Date,
  ): Promise<Parameters<typeof judgeAttempt>[0]> {
    const { http, timeoutMs } = this.parts;
    const headers = this.signer.sign(
      delivery.messageId,
      delivery.body,
      delivery.secrets,
      attemptedAt,
    );
    try {
      return {
        response: await http.post({ url: delivery.url, headers, body: delivery.body, timeoutMs }),
      };
    } catch (error) {
      return {
        error:
          error instanceof WebhookRequestError
            ? error
            : new WebhookRequestError(
                'network',
                error instanceof Error ? error.message : String(error),
              ),
      };
    }
  }
}
