import { uniqueClaimDecider } from '@brand-api/domain';
import { ClaimSweeper, CommandEngine } from '@brand-api/event-store';
import type { EventStore } from '@brand-api/event-store';
import type { Logger } from 'pino';
import type { EventStoreConfig } from './config';

/** How often the worker looks for reservations whose entity never appeared. */
const sweepIntervalMs = 10_000;

/** True when the event log appends one stream at a time, so claims are reserved before entities. */
export function appendsOneStreamAtATime(config: EventStoreConfig): boolean {
  return config.kind === 'eventstoredb' || config.singleStream === true;
}

/**
 * Starts the claim sweeper of a worker on a single-stream event log: store ids, emails,
 * usernames and custom-auth subjects reserved by a process that died before writing their
 * entity are given back after the sweeper's grace period. Returns its stop.
 */
export function startClaimSweeper(eventStore: EventStore, logger: Logger): () => Promise<void> {
  const clock = () => new Date();
  const sweeper = new ClaimSweeper({
    engine: new CommandEngine({ eventStore, clock, logger }),
    store: eventStore,
    claims: uniqueClaimDecider,
    clock,
    logger,
  });
  sweeper.start(sweepIntervalMs);
  return () => sweeper.stop();
}
