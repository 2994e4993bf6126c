import { ApiError } from '@brand-api/contracts';
import { getBrand } from '@brand-api/read-models';
import {
  getWebhookEndpoint,
  InvalidWebhookCursorError,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from '@brand-api/webhooks';
import type { WebhookEndpointView } from '@brand-api/webhooks';
import type { RegisteredEndpoint } from '../../application/webhooks';
import type { HandlersFor } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../operator-auth';
import { operatorContext } from '../operator-context';
import type { webhookAdminOperations } from '@brand-api/contracts';

/** What operators see of an endpoint: the decided state, never its secrets. */
function endpointBody(endpoint: RegisteredEndpoint, view: WebhookEndpointView | undefined) {
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

function invalidCursor(error: unknown): never {
  if (error instanceof InvalidWebhookCursorError) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ location: 'query', field: '/cursor', message: error.message }],
    });
  }
  throw error;
}

/** Thin calls into the webhook use cases and the webhook package's queries. */
export function webhookAdminHandlers(
  services: AppServices,
): HandlersFor<typeof webhookAdminOperations, OperatorPrincipal> {
  const { db } = services;
  const { webhooks } = services.application;

  async function ownEndpoint(brandId: string, endpointId: string) {
    const endpoint = await getWebhookEndpoint(db, brandId, endpointId);
    if (!endpoint) throw new ApiError('NOT_FOUND');
    return endpoint;
  }

  return {
    async adminCreateWebhookEndpoint(request) {
      const { brandId } = request.params;
      const endpoint = await webhooks.registerEndpoint(operatorContext(request, brandId), {
        url: request.body.url,
        eventTypes: request.body.eventTypes ?? null,
      });
      return {
        body: {
          data: {
            id: endpoint.id,
            url: endpoint.url,
            secret: endpoint.secret,
            eventTypes: endpoint.eventTypes,
            enabled: endpoint.enabled,
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
      const endpoint = await webhooks.updateEndpoint(
        operatorContext(request, brandId),
        endpointId,
        request.body,
      );
      return {
        body: { data: endpointBody(endpoint, await getWebhookEndpoint(db, brandId, endpointId)) },
      };
    },

    async adminRotateWebhookEndpointSecret(request) {
      const { brandId, endpointId } = request.params;
      const endpoint = await webhooks.rotateSecret(operatorContext(request, brandId), endpointId);
      return {
        body: {
          data: {
            id: endpoint.id,
            secret: endpoint.secret,
            previousSecretExpiresAt: endpoint.previousSecretExpiresAt!,
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
      const counts = await webhooks.replayMessages(
        operatorContext(request, brandId),
        endpointId,
        new Date(request.body.since),
      );
      services.logger.info(
        { endpointId, since: request.body.since, ...counts },
        'webhook messages replayed',
      );
      const { failed, pending, sending } = counts;
      return { body: { data: { queued: failed + pending, failed, pending, sending } } };
    },

    async adminRetryWebhookMessage(request) {
      const { messageId } = request.params;
      const retry = await webhooks.retryMessage(messageId);
      services.logger.info({ messageId, ...retry }, 'webhook message sent now');
      const { failed, pending, sending, delivered, disabled } = retry;
      return {
        body: {
          data: {
            messageId,
            queued: failed + pending,
            failed,
            pending,
            sending,
            delivered,
            disabled,
          },
        },
      };
    },
  };
}
