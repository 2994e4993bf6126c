/**
 * What the operator's projection tools answer (`/admin/v1/projections/...`): status, rebuild
 * and verify jobs with their outcomes, and parked events.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../primitives';

const Instant = () => Type.String({ format: 'date-time' });

export const LogPositionView = Type.Object({ commit: Type.Integer(), prepare: Type.Integer() });

/** An event a replay passed over, or one parked live, as a rebuild or verify reports it. */
export const PassedOverEventView = Type.Object({
  commit: Type.Integer(),
  prepare: Type.Integer(),
  eventId: Type.String(),
  eventType: Type.String(),
  streamName: Type.String(),
  streamVersion: Type.Integer(),
  error: Type.String(),
});
export type PassedOverEventView = Static<typeof PassedOverEventView>;

const Row = Type.Record(Type.String(), Type.Unknown());

/** How one live table differs from the same table rebuilt from the log. */
export const TableDiffView = Type.Object({
  table: Type.String(),
  missingInLive: Type.Integer(),
  unexpectedInLive: Type.Integer(),
  changed: Type.Array(
    Type.Object({
      key: Row,
      fields: Type.Array(
        Type.Object({ column: Type.String(), live: Type.Unknown(), rebuilt: Type.Unknown() }),
      ),
    }),
  ),
  missing: Type.Array(Row),
  unexpected: Type.Array(Row),
  columns: Nullable(
    Type.Object({ onlyLive: Type.Array(Type.String()), onlyRebuilt: Type.Array(Type.String()) }),
  ),
  liveTableMissing: Type.Boolean(),
});
export type TableDiffView = Static<typeof TableDiffView>;

export const VerifyOutcome = Type.Object({
  position: LogPositionView,
  drift: Type.Boolean(),
  tables: Type.Array(TableDiffView),
  parking: Type.Optional(
    Type.Object({
      parked: Type.Array(PassedOverEventView),
      skipped: Type.Array(PassedOverEventView),
      applicableNow: Type.Array(PassedOverEventView),
      refusedNow: Type.Array(PassedOverEventView),
    }),
  ),
});
export type VerifyOutcome = Static<typeof VerifyOutcome>;

export const RebuildOutcome = Type.Object({
  position: LogPositionView,
  tables: Type.Array(Type.String()),
  eventsDone: Type.Integer(),
  passedOver: Type.Array(PassedOverEventView),
});
export type RebuildOutcome = Static<typeof RebuildOutcome>;

export const jobStates = [
  'queued',
  'replaying',
  'swapping',
  'comparing',
  'done',
  'failed',
  'interrupted',
] as const;

/** Where a rebuild or verify of one projection stands. */
export const ProjectionJob = Type.Object({
  projection: Type.String(),
  purpose: Type.Enum(['rebuild', 'verify']),
  state: Type.Enum(jobStates),
  local: Type.Boolean({ description: 'True when the answering process runs it.' }),
  eventsDone: Type.Integer(),
  eventsTotal: Nullable(Type.Integer()),
  eventsPerSecond: Nullable(Type.Number()),
  etaSeconds: Nullable(Type.Number()),
  position: Type.Integer({ description: 'Global position the shadow has reached.' }),
  resumed: Type.Boolean(),
  startedAt: Nullable(Instant()),
  finishedAt: Nullable(Instant()),
  error: Nullable(Type.String()),
  result: Nullable(Type.Union([VerifyOutcome, RebuildOutcome])),
});
export type ProjectionJob = Static<typeof ProjectionJob>;

export const ProjectionStatus = Type.Object({
  name: Type.String(),
  mode: Type.Enum(['inline', 'async'], {
    description:
      "inline: applied in each write's own transaction, always current (the log on Postgres or PGlite); async: applied by a runner after the write, with a position and a lag.",
  }),
  version: Nullable(Type.Integer()),
  position: Type.Integer({ description: 'Global position of the last event applied (0: none).' }),
  commit: Type.Integer(),
  lagEvents: Type.Integer(),
  lagSeconds: Type.Number({ description: 'Age of the oldest event not applied yet.' }),
  state: Type.String({
    description: 'inline (always current), running, stopped, failed, idle or never-run.',
  }),
  lastError: Nullable(Type.String()),
  parked: Type.Integer({ description: 'Parked events no operator has retried or skipped.' }),
  updatedAt: Nullable(Instant()),
  rebuildable: Type.Boolean({ description: 'False without migrations: no shadow rebuild.' }),
  rebuild: Nullable(ProjectionJob),
});
export type ProjectionStatus = Static<typeof ProjectionStatus>;

export const parkedStatuses = ['parked', 'retried', 'skipped'] as const;

export const ParkedEventView = Type.Object({
  projection: Type.String(),
  position: Type.Integer(),
  commit: Type.Integer(),
  eventId: Type.String(),
  eventType: Type.String(),
  streamName: Type.String(),
  streamVersion: Type.Integer(),
  error: Type.String(),
  attempts: Type.Integer(),
  firstSeenAt: Instant(),
  lastSeenAt: Instant(),
  status: Type.Enum(parkedStatuses),
  resolvedAt: Nullable(Instant()),
});
export type ParkedEventView = Static<typeof ParkedEventView>;

export const ParkedActionResult = Type.Object({
  projection: Type.String(),
  position: Type.Integer(),
  outcome: Type.Enum(['retried', 'skipped', 'failed', 'not-parked']),
  error: Type.Optional(Type.String()),
});
export type ParkedActionResult = Static<typeof ParkedActionResult>;
