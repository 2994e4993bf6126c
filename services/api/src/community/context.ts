import type { EventActor } from '@brand-api/contracts';
import type { CommandContext } from '../commands/command-runner';

/** Metadata of every event a call appends: the brand, who acted, and the request. */
export function commandContext(
  brandId: string,
  actor: EventActor,
  requestId: string,
): CommandContext {
  return { brandId, actor, requestId, correlationId: requestId, causationId: requestId };
}
