import type { LogPosition } from '@brand-api/event-store';

export class RebuildBusyError extends Error {
  override readonly name = 'RebuildBusyError';
  constructor(readonly projection: string) {
    super(`A rebuild or verify of ${projection} is already running`);
  }
}

export class RebuildInterruptedError extends Error {
  override readonly name = 'RebuildInterruptedError';
  constructor(
    readonly projection: string,
    readonly position: LogPosition,
    readonly eventsDone: number,
  ) {
    super(
      `Rebuild of ${projection} interrupted after ${eventsDone} events; run it again to resume`,
    );
  }
}

/** Live locks could not be taken or the live projector did not line up: try again later. */
export class AlignmentError extends Error {
  override readonly name = 'AlignmentError';
}
