export { applyEachStatement, createProjectionRunner } from './projection-runner';
export type {
  ApplyEvents,
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
