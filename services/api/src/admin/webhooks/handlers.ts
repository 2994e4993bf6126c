import { ApiError } from '@brand-api/contracts';
import { webhookEndpointDecider, webhookEndpointStreamName } from '@brand-api/domain';
import type { WebhookEndpointCommand, WebhookEndpointState } from '@brand-api/domain';
import { getBrand } from '@brand-api/read-models';
import {
  checkWebhookTarget,
  generateWebhookSecret,
  getWebhookEndpoint,
  InvalidWebhookCursorError,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayFailedDeliveries,
  waitForWebhookProjection,
  WebhookTargetError,
} from '@brand-api/webhooks';
import type { TargetPolicy, WebhookEndpointView } from '@brand-api/webhooks';
import type { CommandContext } from '../../commands/command-runner';
import type { HandlersFor, OperationRequest } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../admin-auth';
import type { WebhookAdminOperations } from './operations';

type Request = OperationRequest<WebhookAdminOperations[number], OperatorPrincipal>;

export interface WebhookAdminOptions {
  /** A function: read per registration, so a deployment switch applies without a rebuild. */
  policy: () => TargetPolicy;
  /** How long a change waits for the webhook projector before answering (default 5 s). */
  waitMs?: number;
}

type RegisteredEndpoint = Exclude<WebhookEndpointState, { status: 'absent' }>;

/** What operators see of an endpoint: the decided state, never its secrets. */
function endpointBody(state: WebhookEndpointState, view: WebhookEndpointView | undefined) {
  const endpoint = registered(state);
  return {
    id: endpoint.id,
    brandId: endpoint.brandId,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
    createdAt: view?.createdAt ?? null,
    updatedAt: view?.updatedAt ?? null,
  };
}

function registered(state: WebhookEndpointState): RegisteredEndpoint {
  if (state.status === 'absent') throw new ApiError('NOT_FOUND');
  return state;
}

function context(request: Request, brandId: string): CommandContext {
  return {
    brandId,
    actor: { kind: 'operator', id: request.auth.id, name: 'operator' },
    requestId: request.requestId,
    correlationId: request.requestId,
    causationId: request.requestId,
  };
}

/** Private, loopback and link-local targets are refused, naming the field and the reason. */
async function checkTarget(url: string, policy: TargetPolicy): Promise<void> {
  try {
    await checkWebhookTarget(url, policy);
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    throw new ApiError('WEBHOOK_TARGET_NOT_ALLOWED', {
      details: [{ location: 'body', field: '/url', message: error.message }],
    });
  }
}

function invalidCursor(error: unknown): never {
  if (error instanceof InvalidWebhookCursorError) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ location: 'query', field: '/cursor', message: error.message }],
    });
  }
  throw error;
}

/** Thin calls into the WebhookEndpoint decider and the webhook package's queries. */
export function webhookAdminHandlers(
  services: AppServices,
  options: WebhookAdminOptions,
): HandlersFor<WebhookAdminOperations, OperatorPrincipal> {
  const { commands, db } = services;
  const waitMs = options.waitMs ?? 5_000;

  /** Runs the command, then waits until the projector's endpoint table shows it. */
  async function execute(request: Request, brandId: string, command: WebhookEndpointCommand) {
    const outcome = await commands.execute(
      webhookEndpointDecider,
      webhookEndpointStreamName(command.data.webhookEndpointId),
      command,
      context(request, brandId),
    );
    if (outcome.position && !(await waitForWebhookProjection(db, outcome.position, waitMs))) {
      services.logger.warn(
        { endpointId: command.data.webhookEndpointId, requestId: request.requestId },
        'the webhook projector did not reach the change in time',
      );
    }
    return outcome.state;
  }

  async function ownEndpoint(brandId: string, endpointId: string) {
    const endpoint = await getWebhookEndpoint(db, brandId, endpointId);
    if (!endpoint) throw new ApiError('NOT_FOUND');
    return endpoint;
  }

  return {
    async adminCreateWebhookEndpoint(request) {
      const { brandId } = request.params;
      if (!(await getBrand(db, brandId))) throw new ApiError('NOT_FOUND');
      await checkTarget(request.body.url, options.policy());
      const webhookEndpointId = services.ids();
      const secret = generateWebhookSecret();
      const state = registered(
        await execute(request, brandId, {
          type: 'RegisterWebhookEndpoint',
          data: {
            webhookEndpointId,
            brandId,
            url: request.body.url,
            eventTypes: request.body.eventTypes ?? null,
            secret,
          },
        }),
      );
      return {
        body: {
          data: {
            id: state.id,
            url: state.url,
            secret: state.secret,
            eventTypes: state.eventTypes,
            enabled: state.enabled,
          },
        },
      };
    },

    async adminListWebhookEndpoints(request) {
      const { brandId } = request.params;
      if (!(await getBrand(db, brandId))) throw new ApiError('NOT_FOUND');
      return { body: { data: await listWebhookEndpoints(db, brandId) } };
    },

    async adminGetWebhookEndpoint(request) {
      const { brandId, endpointId } = request.params;
      return { body: { data: await ownEndpoint(brandId, endpointId) } };
    },

    async adminUpdateWebhookEndpoint(request) {
      const { brandId, endpointId } = request.params;
      const { url, eventTypes, enabled } = request.body;
      if (url !== undefined) await checkTarget(url, options.policy());
      const state = await execute(request, brandId, {
        type: 'UpdateWebhookEndpoint',
        data: {
          webhookEndpointId: endpointId,
          brandId,
          ...(url === undefined ? {} : { url }),
          ...(eventTypes === undefined ? {} : { eventTypes }),
          ...(enabled === undefined ? {} : { enabled }),
        },
      });
      return {
        body: { data: endpointBody(state, await getWebhookEndpoint(db, brandId, endpointId)) },
      };
    },

    async adminRotateWebhookEndpointSecret(request) {
      const { brandId, endpointId } = request.params;
      const state = registered(
        await execute(request, brandId, {
          type: 'RotateWebhookEndpointSecret',
          data: { webhookEndpointId: endpointId, brandId, secret: generateWebhookSecret() },
          metadata: { now: services.clock().toISOString() },
        }),
      );
      return {
        body: {
          data: {
            id: state.id,
            secret: state.secret,
            previousSecretExpiresAt: state.previousSecretExpiresAt!,
          },
        },
      };
    },

    async adminListWebhookAttempts(request) {
      const { brandId, endpointId } = request.params;
      await ownEndpoint(brandId, endpointId);
      const page = await listWebhookAttempts(db, endpointId, request.query).catch(invalidCursor);
      return { body: page };
    },

    async adminListWebhookMessages(request) {
      const { brandId, endpointId } = request.params;
      await ownEndpoint(brandId, endpointId);
      const page = await listWebhookDeliveries(db, endpointId, request.query).catch(invalidCursor);
      return { body: page };
    },

    async adminReplayWebhookMessages(request) {
      const { brandId, endpointId } = request.params;
      const endpoint = await ownEndpoint(brandId, endpointId);
      if (!endpoint.enabled) {
        throw new ApiError('CONFLICT', {
          message: 'The endpoint is disabled; enable it before replaying its messages',
        });
      }
      const queued = await replayFailedDeliveries(
        db,
        endpointId,
        new Date(request.body.since),
        services.clock(),
      );
      services.logger.info(
        { endpointId, since: request.body.since, queued },
        'webhook messages replayed',
      );
      return { body: { data: { queued } } };
    },
  };
}
