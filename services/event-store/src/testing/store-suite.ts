import { randomUUID } from 'node:crypto';
import type { AppendResult, EventStore, StreamAppend } from '../event-store';

/** What an adapter's test file hands the conformance suite. */
export interface EventStoreFixture {
  store: EventStore;
  /**
   * Postgres only: an append whose transaction stays open `holdMs` after its insert, so events
   * with later global positions commit first.
   */
  appendSlowly?: (append: StreamAppend, holdMs: number) => Promise<AppendResult>;
  /** Postgres only: what a naive reader sees, polling `global_position > after`. */
  readByGlobalPosition?: (
    after: number,
    limit: number,
  ) => Promise<{ id: string; globalPosition: number }[]>;
  close(): Promise<void>;
}

/** What the tests of a suite over one store share. */
export interface StoreSuite {
  /** The fixture the suite opened; there from the suite's first test on. */
  fixture: () => EventStoreFixture;
  /** A stream name no other test, suite or run uses; `label` tells it apart in the log. */
  streamName: (label: string) => string;
}

/**
 * A `describe` block over one store, opened by `factory` before its first test and closed after
 * its last; skipped with its reason when the adapter cannot run in this environment.
 */
export function describeWithStore(
  title: string,
  factory: () => Promise<EventStoreFixture>,
  skipReason: string | undefined,
  body: (suite: StoreSuite) => void,
): void {
  describe(title, () => {
    if (skipReason !== undefined) {
      it.skip(`skipped: ${skipReason}`, () => undefined);
      return;
    }
    let opened: EventStoreFixture | undefined;
    const run = randomUUID().slice(0, 8);

    beforeAll(async () => {
      opened = await factory();
    });
    afterAll(async () => {
      await opened?.close();
    });

    body({
      fixture: () => {
        if (opened === undefined) throw new Error('The store is opened before the first test');
        return opened;
      },
      streamName: (label) => `${label}-${run}-${randomUUID()}`,
    });
  });
}
