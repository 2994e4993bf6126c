import type { CommandContext } from '@brand-api/event-store';
import { requestContext } from '@brand-api/event-store';
import type { Context } from 'koa';
import type { ExpectedVersions } from '../../application/preconditions';
import { expectedVersionsIn } from '../../http/etags';
import { idempotencyKeyIdOf } from '../idempotency';
import type { ApiKeyPrincipal } from './api-key-authenticator';

interface CommandRequest {
  auth: ApiKeyPrincipal;
  requestId: string;
  ctx: Context;
}

/** A request on one resource, the one its path names. */
type ResourceRequest = CommandRequest & { params: { id: string } };

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

/**
 * The arguments of a PATCH's command: who asks, the id of the path, the changes of the body and
 * the versions its `If-Match` names (undefined without the header).
 */
export function updateCommandOf<Changes>(
  request: ResourceRequest & { body: Changes },
): [CommandContext, string, Changes, ExpectedVersions | undefined] {
  return [
    apiKeyCommandContext(request),
    request.params.id,
    request.body,
    expectedVersionsIn(request.ctx),
  ];
}

/** The arguments of a DELETE's command: who asks, the id of the path, what `If-Match` names. */
export function deleteCommandOf(
  request: ResourceRequest,
): [CommandContext, string, ExpectedVersions | undefined] {
  return [apiKeyCommandContext(request), request.params.id, expectedVersionsIn(request.ctx)];
}
