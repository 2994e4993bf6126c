/**
 * What the operator's audit tools answer (`/admin/v1/audit/...`): an entity's history event by
 * event, and its state at a past moment. Field values and folded states are whatever the
 * aggregate holds, so they are any JSON.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../primitives';

const Instant = () => Type.String({ format: 'date-time' });

export const AuditEntityRef = Type.Object({
  kind: Type.String({ description: 'Entity kind, e.g. product.' }),
  id: Type.String(),
});

export const AuditFieldChange = Type.Object({
  /** Dotted path into the entity's state, e.g. `name` or `image.width`. */
  field: Type.String(),
  // Absent when the field did not exist on that side (JSON has no undefined).
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});
export type AuditFieldChange = Static<typeof AuditFieldChange>;

export const AuditActor = Type.Object({
  kind: Type.String(),
  id: Type.String(),
  name: Nullable(
    Type.String({
      description: "Name when recorded; for an API key otherwise the key's name from its stream.",
    }),
  ),
});
export type AuditActor = Static<typeof AuditActor>;

export const AuditHistoryEntry = Type.Object({
  position: Type.Integer({ description: "Global position: the log's sequence number." }),
  commit: Type.Integer(),
  entity: Nullable(AuditEntityRef),
  stream: Type.String(),
  streamVersion: Type.Integer(),
  type: Type.String(),
  occurredAt: Instant(),
  recordedAt: Instant(),
  actor: Nullable(AuditActor),
  requestId: Nullable(Type.String()),
  correlationId: Nullable(Type.String()),
  causationId: Nullable(Type.String()),
  changes: Type.Array(AuditFieldChange),
});
export type AuditHistoryEntry = Static<typeof AuditHistoryEntry>;

export const EntityAtMoment = Type.Object({
  entity: AuditEntityRef,
  at: Type.Union([Type.Object({ position: Type.Integer() }), Type.Object({ time: Instant() })]),
  existed: Type.Boolean({ description: 'False when the entity had not been created yet.' }),
  state: Type.Unknown({ description: 'The folded state, secret fields redacted.' }),
  eventsApplied: Type.Integer(),
  lastEvent: Nullable(
    Type.Object({
      position: Type.Integer(),
      type: Type.String(),
      occurredAt: Instant(),
      streamVersion: Type.Integer(),
    }),
  ),
});
export type EntityAtMoment = Static<typeof EntityAtMoment>;
