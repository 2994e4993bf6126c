import type { LogPosition } from '../event-store';
import { comparePositions } from '../event-store';
import type { CommandContext } from './command-context';
import { WriteNotAppliedError } from './errors';
import type { ProjectionRunner } from '../projections';

/**
 * What commands need of the projection runner, in any role (even one that projects nothing):
 * read-after-write waits, change notices for read caches, and the parked events operators
 * retry or skip.
 */
export type ProjectionWaiter = Pick<
  ProjectionRunner,
  'waitFor' | 'handling' | 'observe' | 'unappliedIn' | 'retryParked' | 'skipParked'
>;

/** pino's Logger satisfies it. */
export interface CommandLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AwaitReadModelsDeps {
  projections: ProjectionWaiter;
  logger: CommandLogger;
  /** Read-after-write bound. */
  waitTimeoutMs: number;
}

/**
 * Read-after-write: waits until the read models have reached every position a command
 * appended at, so a GET right after the answer sees the write. Given the appended event types,
 * it waits only for the projections that handle one of them: the others' tables do not change
 * (a product create waits for the catalogue, not for the brands, community and webhook
 * projections), and nothing at all when no projection handles them. Returns false when they did not
 * within the bound (logged; the write stands and shows up later). A write whose event a read
 * model set aside (parked) will not show up until an operator applies it: that is a
 * `WriteNotAppliedError` (the API answers 503), not a success the client cannot read back.
 */
export async function awaitReadModels(
  deps: AwaitReadModelsDeps,
  positions: readonly LogPosition[],
  context: CommandContext,
  notVisibleMessage: string,
  eventTypes?: Iterable<string>,
): Promise<boolean> {
  const names = eventTypes === undefined ? undefined : deps.projections.handling(eventTypes);
  if (names !== undefined && names.length === 0) return true;
  const last = positions.reduce((latest, position) =>
    comparePositions(position, latest) > 0 ? position : latest,
  );
  const visible = await deps.projections.waitFor(last, deps.waitTimeoutMs, names);
  if (!visible) {
    deps.logger.warn(
      { position: last, requestId: context.requestId, waitTimeoutMs: deps.waitTimeoutMs },
      notVisibleMessage,
    );
    return false;
  }
  const unapplied = await deps.projections.unappliedIn(
    positions.map((position) => position.commit),
    names,
  );
  if (unapplied.length > 0) {
    deps.logger.error(
      {
        requestId: context.requestId,
        brandId: context.brandId,
        parked: unapplied.map(({ projection, position, eventType, streamName, error }) => ({
          projection,
          position: position.prepare,
          eventType,
          streamName,
          error,
        })),
      },
      'write not applied: a read model parked its event (brandctl projections parked list)',
    );
    throw new WriteNotAppliedError(unapplied);
  }
  return true;
}
