export { CommandEngine } from './command-engine';
export type {
  CommandEngineDeps,
  CommandLogger,
  CommandResult,
  ProjectionWaiter,
  RunOptions,
} from './command-engine';
export { requestContext } from './command-context';
export type { CommandActor, CommandContext, Decider, DomainEvent } from './command-context';
export { ChangedConcurrentlyError, ForeignStreamError, WriteNotAppliedError } from './errors';
export { lostRaces, noRetries } from './retry-policy';
export type { RetryPolicy } from './retry-policy';
export { StreamStates } from './stream-states';
export { asStored, TrackedStream, UnitOfWork } from './unit-of-work';
export type { Upcaster } from './unit-of-work';
