import type { CommandContext } from '@brand-api/event-store';
import { requestContext } from '@brand-api/event-store';
import type { Context } from 'koa';
import { idempotencyKeyIdOf } from '../idempotency/idempotency';
import type { ApiKeyPrincipal } from './api-key-authenticator';

export interface CommandRequest {
  auth: ApiKeyPrincipal;
  requestId: string;
  ctx: Context;
}

/**
 * Who asked and in which request, for a command of the Brand API: the API key, the request id,
 * and the id of the request's `Idempotency-Key` when it has one. Becomes the metadata of
 * every event the command appends.
 */
export function apiKeyCommandContext(request: CommandRequest): CommandContext {
  const context = requestContext(
    request.auth.brandId,
    { kind: 'apiKey', id: request.auth.apiKeyId },
    request.requestId,
  );
  const idempotencyKeyId = idempotencyKeyIdOf(request.ctx);
  return idempotencyKeyId === undefined ? context : { ...context, idempotencyKeyId };
}
