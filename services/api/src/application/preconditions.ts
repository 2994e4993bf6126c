import { existing } from '@brand-api/domain';
import type { DomainEvent, TrackedStream } from '@brand-api/event-store';

/**
 * What a write's caller knows of the resource (`If-Match`): the versions of its stream it
 * decided the write on, or `any` for a resource that merely has to exist.
 */
export type ExpectedVersions = 'any' | readonly number[];

/**
 * The resource is no longer at a version the caller named: another write landed since the
 * caller read it, or won the race against this one. Nothing of the command is appended.
 */
export class PreconditionFailedError extends Error {
  override readonly name = 'PreconditionFailedError';
  constructor(
    readonly streamName: string,
    readonly actualVersion: number,
  ) {
    super(`${streamName} is at version ${actualVersion}, not at one the caller named`);
  }
}

/**
 * Refuses the command unless the stream, as this run of it read it, is at a version the caller
 * named. It is checked on every run of the command: when the append loses a race, the engine
 * runs the command again on a fresh read, where the winner's event has moved the version, so a
 * lost race on the resource is refused here too, while a race lost on another stream of the
 * same unit of work (a member leaving a deleted group, a product's variants) is run again as
 * usual. An absent resource, or another brand's, is refused as not found first: the
 * precondition never tells whether an id exists.
 */
export function requireVersion<C, S extends { status: string }, E extends DomainEvent>(
  stream: TrackedStream<C, S, E>,
  expected: ExpectedVersions | undefined,
): void {
  if (expected === undefined) return;
  existing(stream.state);
  const actual = stream.expectedVersion;
  if (expected === 'any') return;
  if (typeof actual !== 'number' || !expected.includes(actual)) {
    throw new PreconditionFailedError(stream.streamName, typeof actual === 'number' ? actual : -1);
  }
}

/** The stream's version once this unit of work is appended: the version read plus what was decided. */
export function versionAfterCommit<C, S, E extends DomainEvent>(
  stream: TrackedStream<C, S, E>,
): number {
  const read = typeof stream.expectedVersion === 'number' ? stream.expectedVersion : -1;
  return read + stream.pending.length;
}

/** What a single write answers: the entity its stream holds once appended, at that version. */
export function versionedAfterCommit<C, S extends { status: string }, E extends DomainEvent>(
  stream: TrackedStream<C, S, E>,
) {
  return { data: existing(stream.state), version: versionAfterCommit(stream) };
}
