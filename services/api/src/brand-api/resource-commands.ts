import type { CommandContext } from '@brand-api/event-store';
import type { ExpectedVersions } from '../application/preconditions';
import { expectedVersionsIn } from '../http/conditional';
import { apiKeyCommandContext } from './auth/command-context';
import type { CommandRequest } from './auth/command-context';

/** A request on one resource, the one its path names. */
type ResourceRequest = CommandRequest & { params: { id: string } };

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
