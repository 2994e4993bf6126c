import type { WebhookEventType } from '@brand-api/contracts';
import {
  brandDecider,
  brandStreamName,
  DomainError,
  existing,
  invalid,
  webhookEndpointDecider,
  webhookEndpointStreamName,
} from '@brand-api/domain';
import type { WebhookEndpointCommand, WebhookEndpointState } from '@brand-api/domain';
import type { CommandContext, CommandEngine, Database } from '@brand-api/event-store';
import {
  checkWebhookTarget,
  generateWebhookSecret,
  retryWebhookMessage,
  sendNow,
  waitForWebhookProjection,
  WebhookTargetError,
} from '@brand-api/webhooks';
import type { MessageRetry, SendNowCounts, TargetPolicy } from '@brand-api/webhooks';

export type RegisteredEndpoint = Exclude<WebhookEndpointState, { status: 'absent' }>;

export interface WebhookDeps {
  engine: CommandEngine;
  db: Database;
  ids: () => string;
  clock: () => Date;
  /** Read on every check, so a deployment switch applies without a restart. */
  targetPolicy: () => TargetPolicy;
  /** How long a change waits for the webhook projector before answering (default 5 s). */
  projectorWaitMs?: number;
  logger: { warn(details: object, message: string): void };
}

/**
 * Webhook endpoints as operators manage them: register, change, rotate the secret, replay
 * what is not delivered, send one message now. A target must be a public address; a change answers once the webhook
 * projector (which fans messages out to endpoints) has seen it.
 */
export function webhookCommands(deps: WebhookDeps) {
  const { engine, db, ids, clock } = deps;
  const projectorWaitMs = deps.projectorWaitMs ?? 5_000;

  /** Runs the endpoint's command, then waits until the projector's endpoint table shows it. */
  async function decide(
    context: CommandContext,
    command: WebhookEndpointCommand,
  ): Promise<RegisteredEndpoint> {
    const endpointId = command.data.webhookEndpointId;
    const { value, positions } = await engine.run(context, async (uow) => {
      if (command.type === 'RegisterWebhookEndpoint') {
        existing(
          (await uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true })).state,
        );
      }
      const stream =
        command.type === 'RegisterWebhookEndpoint'
          ? uow.fresh(webhookEndpointStreamName(endpointId), webhookEndpointDecider)
          : await uow.load(webhookEndpointStreamName(endpointId), webhookEndpointDecider, {
              tenant: true,
            });
      stream.decide(command);
      return existing(stream.state);
    });
    const position = positions.at(-1);
    if (position && !(await waitForWebhookProjection(db, position, projectorWaitMs))) {
      deps.logger.warn(
        { endpointId, requestId: context.requestId },
        'the webhook projector did not reach the change in time',
      );
    }
    return value;
  }

  /**
   * Private, loopback and link-local targets are refused, naming the field and the reason. A URL
   * the WHATWG parser refuses (port 65536, a zone id) is invalid, found before any look-up.
   */
  async function checkTarget(url: string): Promise<void> {
    if (!URL.canParse(url)) throw invalid(['url'], 'must be an absolute URL');
    try {
      await checkWebhookTarget(url, deps.targetPolicy());
    } catch (error) {
      if (!(error instanceof WebhookTargetError)) throw error;
      throw new DomainError('webhook-target-not-allowed', {
        problems: [{ path: ['url'], message: error.message }],
      });
    }
  }

  return {
    async registerEndpoint(
      context: CommandContext,
      input: { url: string; eventTypes: WebhookEventType[] | null },
    ): Promise<RegisteredEndpoint> {
      await checkTarget(input.url);
      return decide(context, {
        type: 'RegisterWebhookEndpoint',
        data: {
          webhookEndpointId: ids(),
          brandId: context.brandId,
          url: input.url,
          eventTypes: input.eventTypes,
          secret: generateWebhookSecret(),
        },
      });
    },

    async updateEndpoint(
      context: CommandContext,
      endpointId: string,
      changes: { url?: string; eventTypes?: WebhookEventType[] | null; enabled?: boolean },
    ): Promise<RegisteredEndpoint> {
      if (changes.url !== undefined) await checkTarget(changes.url);
      return decide(context, {
        type: 'UpdateWebhookEndpoint',
        data: { webhookEndpointId: endpointId, brandId: context.brandId, ...changes },
      });
    },

    rotateSecret(context: CommandContext, endpointId: string): Promise<RegisteredEndpoint> {
      return decide(context, {
        type: 'RotateWebhookEndpointSecret',
        data: {
          webhookEndpointId: endpointId,
          brandId: context.brandId,
          secret: generateWebhookSecret(),
        },
        metadata: { now: clock().toISOString() },
      });
    },

    /**
     * Sends the endpoint's failed and pending messages since `since` now (`sendNow`). A disabled
     * endpoint would only fail them again: it must be enabled first.
     */
    async replayMessages(
      context: CommandContext,
      endpointId: string,
      since: Date,
    ): Promise<SendNowCounts> {
      const { value: endpoint } = await engine.run(context, async (uow) =>
        existing(
          (
            await uow.load(webhookEndpointStreamName(endpointId), webhookEndpointDecider, {
              tenant: true,
            })
          ).state,
        ),
      );
      if (!endpoint.enabled) {
        throw new DomainError('webhook-endpoint-disabled', {
          message: 'The endpoint is disabled; enable it before replaying its messages',
        });
      }
      return sendNow(db, { endpointId, since }, clock());
    },

    /**
     * Sends one message now to every enabled endpoint it is not delivered to. Refused when there
     * is nothing to send: it is delivered everywhere, or only disabled endpoints lack it.
     */
    async retryMessage(messageId: string): Promise<MessageRetry> {
      const retry = await retryWebhookMessage(db, messageId, clock());
      if (!retry) {
        throw new DomainError('not-found', { message: `No webhook message ${messageId}` });
      }
      const { failed, pending, sending, disabled, delivered } = retry;
      if (failed + pending + sending > 0) return retry;
      if (disabled > 0) {
        throw new DomainError('webhook-endpoint-disabled', {
          message: `Message ${messageId} waits only for disabled endpoints (${disabled}): enable them (webhooks update --enable), then retry`,
        });
      }
      throw new DomainError('webhook-message-delivered', {
        message:
          delivered > 0
            ? `Message ${messageId} is already delivered to every endpoint (${delivered}): nothing to send`
            : `Message ${messageId} went to no endpoint (none took its event type when it happened): nothing to send`,
      });
    },
  };
}

export type WebhookCommands = ReturnType<typeof webhookCommands>;
