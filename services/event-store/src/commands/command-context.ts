import type { EventShape } from '../event-store';
import type { ReservedFor } from './reservations';

/** Who acted: an API key, a signed-in member, an operator, or the system itself. */
export interface CommandActor {
  kind: 'apiKey' | 'member' | 'operator' | 'system';
  id: string;
  /** How people know the actor (an operator's name), when there is one. */
  name?: string;
}

/** Who asked and in which request: becomes the metadata of every event a command appends. */
// A type, not an interface: metadata is stored as a plain JSON object (`EventMetadata`).
export type CommandContext = {
  brandId: string;
  actor: CommandActor;
  requestId: string | null;
  correlationId: string;
  causationId: string | null;
  /**
   * The id the API gave this request's `Idempotency-Key` (one per first use of a key): on every
   * event appended, so a retry finds what the first attempt wrote (`readByIdempotencyKeyId`).
   */
  idempotencyKeyId?: string;
};

/** The context of a command made by one request: it correlates and causes its events. */
export function requestContext(
  brandId: string,
  actor: CommandActor,
  requestId: string,
): CommandContext {
  return { brandId, actor, requestId, correlationId: requestId, causationId: requestId };
}

/**
 * The metadata of every event the command engine appends: who asked in which request, and
 * when. A claim appended ahead of its entity on a single-stream store also names that entity
 * (`reservedFor`, see reservations.ts).
 */
export type CommandMetadata = CommandContext & { occurredAt: string; reservedFor?: ReservedFor };

/** The shape every domain event has (contracts' `defineEvent`). */
export type DomainEvent = EventShape;
