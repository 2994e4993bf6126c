export { CommandEngine } from './command-engine';
export type {
  CommandEngineDeps,
  CommandLogger,
  CommandResult,
  ProjectionWaiter,
  RunOptions,
} from './command-engine';
export { requestContext } from './command-context';
export type { CommandActor, CommandContext, CommandMetadata, DomainEvent } from './command-context';
export {
  ChangedConcurrentlyError,
  ForeignStreamError,
  ReservationPendingError,
  WriteNotAppliedError,
} from './errors';
export { lostRaces, noRetries } from './retry-policy';
export type { RetryPolicy } from './retry-policy';
export { StreamStates } from './stream-states';
export { TrackedStream, UnitOfWork } from './unit-of-work';
export { cancellationEventId, isClaimDecider, reservedForOf } from './reservations';
export type { ClaimDecider, ReservationProtocol, ReservedFor } from './reservations';
export { ClaimSweeper } from './claim-sweeper';
export type { ClaimSweeperDeps } from './claim-sweeper';
