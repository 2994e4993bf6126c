import { randomUUID } from 'node:crypto';
import type { Database, PipelinedStatement, Transaction } from '../db';
import { ConcurrencyError } from '../event-store';
import type { EventStoreFixture } from '../testing';
import { createTestEventStore, hasPostgresServer, watchedDatabase } from '../testing';

// What the inline path's append sends: a plain INSERT for new streams only
// (append-new-streams-sql.ts), the raising function for the others. The conformance suite
// runs on this path too (postgres-event-store.int.spec.ts).

jest.setTimeout(60_000);

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';

/** `db` for the store, with the first statement of every pipeline it runs put in `firsts`. */
function recordingPipelines(db: Database, firsts: PipelinedStatement[]): Database {
  const recording = (tx: Transaction): Transaction => ({
    query: (text, params, options) => tx.query(text, params, options),
    pipeline: (statements, options) => {
      if (statements[0]) firsts.push(statements[0]);
      return tx.pipeline(statements, options);
    },
  });
  return watchedDatabase(db, {
    transaction: (fn, options) => db.transaction((tx) => fn(recording(tx)), options),
  });
}

describe(`an inline append of new streams on ${where}`, () => {
  const firsts: PipelinedStatement[] = [];
  let fixture: EventStoreFixture;
  beforeAll(async () => {
    fixture = await createTestEventStore({
      inline: true,
      storeDatabase: (db) => recordingPipelines(db, firsts),
    });
  });
  afterAll(() => fixture.close());

  it('is a plain INSERT of the events, and a stream that exists is refused with its version', async () => {
    const [product, claim] = [`product-${randomUUID()}`, `claim-${randomUUID()}`];
    const event = (type: string) => ({ id: randomUUID(), type, data: { n: 1 } });
    firsts.length = 0;
    const results = await fixture.store.appendToStreams([
      {
        streamName: product,
        expectedVersion: 'no_stream',
        events: [event('Created'), event('Named')],
      },
      { streamName: claim, expectedVersion: 'no_stream', events: [event('Claimed')] },
    ]);
    expect(firsts.map(({ text }) => text.split(' ').slice(0, 3).join(' '))).toEqual([
      'INSERT INTO events',
    ]);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 0]);
    expect(results[0]!.position.prepare).toBeGreaterThan(results[1]!.position.prepare); // claim < product
    const refused = await fixture.store
      .appendToStreams([
        { streamName: `other-${randomUUID()}`, expectedVersion: 'no_stream', events: [event('X')] },
        { streamName: product, expectedVersion: 'no_stream', events: [event('Again')] },
      ])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConcurrencyError);
    expect(refused).toMatchObject({ streamName: product, actualVersion: 1 });
    firsts.length = 0;
    await fixture.store.appendToStream(product, [event('Renamed')], { expectedVersion: 1 });
    expect(firsts[0]?.text).toMatch(/FROM event_store_append_[0-9a-f]+\(/);
  });
});
