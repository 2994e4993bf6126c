export { createProjectionRunner } from './projection-runner';
export { applyPipelined } from './apply-events';
export { createInlineProjector } from './inline-projector';
export {
  embeddedWriters,
  inlineWritesLock,
  inlineWritesLockKey,
  sharedWriters,
  soleWriterLockKey,
} from './inline-writers';
export type { InlineWriters } from './inline-writers';
export { SoleWriterLease } from './sole-writer-lease';
export type { SoleWriterLeaseOptions } from './sole-writer-lease';
export type { InlineProjector } from './inline-projector';
export { catchUpInline } from './inline-catch-up';
export type { CatchUpOptions } from './inline-catch-up';
export { RowInsert, rowInsert, RowsStatement, rowsStatement } from './row-insert';
export type { MergeableRows, RowInsertSpec, RowsStatementSpec } from './row-insert';
export type {
  ProjectionObserver,
  ProjectionRunner,
  ProjectionRunnerOptions,
} from './projection-runner';
export { ProjectionApplyError } from './projection';
export type {
  Projection,
  ProjectionCheckpoint,
  ProjectionStatus,
  SqlStatement,
} from './projection';
export { projectionMigrations, checkpointsChannel } from './migrations';
export { readCheckpoints } from './checkpoints';
export { WakeSignal } from './wake-signal';
export {
  isPoison,
  listParked,
  settleParkedAfterRebuild,
  unappliedIn,
  type PassedOver,
  type ParkedEvent,
  type ParkedFilter,
  type ParkedStatus,
} from './parked-events';
export type { ParkedOutcome } from './projection-runner';
