import { webhookEndpointDecider, webhookEndpointStreamName } from '@brand-api/domain';
import type { WebhookEndpointCommand } from '@brand-api/domain';
import type { CommandEngine } from '@brand-api/event-store';
import type { ClaimedDelivery } from './outbox';
import type { WebhookLogger } from './webhook-logger';

/**
 * Disables an endpoint that answered 410 Gone (WebhookEndpointDisabled, reason 'gone'), in the
 * background: nobody waits for the answer, but `settled` lets a stopping deliverer finish them.
 */
export class GoneEndpoints {
  private readonly disabling = new Set<Promise<void>>();

  constructor(
    private readonly commands: CommandEngine,
    private readonly logger: WebhookLogger,
  ) {}

  disable(delivery: ClaimedDelivery): void {
    const { endpointId, brandId, messageId } = delivery;
    const command: WebhookEndpointCommand = {
      type: 'DisableWebhookEndpoint',
      data: {
        webhookEndpointId: endpointId,
        brandId,
        reason: 'gone',
        detail: `HTTP 410 Gone answering message ${messageId}`,
      },
    };
    const context = {
      brandId,
      actor: { kind: 'system' as const, id: 'webhook-deliverer' },
      requestId: null,
      correlationId: messageId,
      causationId: messageId,
    };
    // Nobody waits for the answer: no read-after-write.
    const done = this.commands
      .run(
        context,
        async (uow) => {
          const endpoint = await uow.load(
            webhookEndpointStreamName(endpointId),
            webhookEndpointDecider,
            { tenant: true },
          );
          endpoint.decide(command);
        },
        { readAfterWrite: false },
      )
      .then(
        () => this.logger.warn({ endpointId }, 'webhook endpoint answered 410 and was disabled'),
        (error: unknown) =>
          this.logger.error({ err: error, endpointId }, 'disabling a gone endpoint failed'),
      );
    this.disabling.add(done);
    void done.finally(() => this.disabling.delete(done));
  }

  /** Resolves once every disable started so far has finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.disabling]);
  }
}
