import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Uuid } from '../primitives';

export const actorKinds = ['apiKey', 'member', 'operator', 'system'] as const;

/** Who caused an event: an API key of the brand, a signed-in member, an operator, or the system. */
export const EventActor = Type.Object(
  {
    kind: Type.Enum(actorKinds),
    id: Type.String({
      minLength: 1,
      description: 'API key id, member id, operator id or process.',
    }),
    name: Type.Optional(Type.String({ description: 'Display name at the time, for audit views.' })),
  },
  { $id: 'EventActor', title: 'Event actor', additionalProperties: false },
);
export type EventActor = Static<typeof EventActor>;

/** Metadata stored with every domain event, so operators can tell who did what, and why. */
export const EventMetadata = Type.Object(
  {
    brandId: Uuid({ description: 'The brand (tenant) the event belongs to.' }),
    actor: EventActor,
    requestId: Nullable(
      Type.String({ description: 'The HTTP request that caused it; null outside a request.' }),
    ),
    correlationId: Type.String({
      minLength: 1,
      description:
        'Shared by every event of one business flow (the request id when it began in one).',
    }),
    causationId: Nullable(
      Type.String({ description: 'The command or event that directly caused this event.' }),
    ),
    occurredAt: DateTime(),
  },
  { $id: 'EventMetadata', title: 'Event metadata', additionalProperties: false },
);
export type EventMetadata = Static<typeof EventMetadata>;
