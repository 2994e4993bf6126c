import type { Database } from '../db';
import { describeOnServer, eventually, holdTransaction, useTestDatabase } from '../testing';
import { createInlineProjector } from './inline-projector';
import type { InlineProjector } from './inline-projector';
import { inlineWritesLock, SoleWriterLease } from './inline-writers';

jest.setTimeout(60_000);

/**
 * Two processes on one server, as two connection pools: the lease's holder (`db`) and another
 * writer (`other`). Advisory locks belong to sessions, so the pools stand for the processes.
 */
describeOnServer('the sole writer’s lease', () => {
  const testDb = useTestDatabase([]);
  let other: Database;
  let lease: SoleWriterLease;
  /** The holder's writes, which take their lock as the lease allows. */
  let holder: InlineProjector;
  /** What the holder was told and what the other process did, in the order they happened. */
  let story: string[];

  beforeEach(() => {
    other = testDb().connect(2);
    story = [];
    lease = new SoleWriterLease(testDb().db, {
      pollMs: 20,
      retryMs: 50,
      maxRetryMs: 50,
      onChange: (sole) => story.push(sole ? 'sole' : 'let go'),
    });
    holder = createInlineProjector([], { writers: lease });
  });
  // `other` is closed with the test database.
  afterEach(() => lease.close());

  const otherWrites = (mode: 'shared' | 'exclusive') =>
    other
      .transaction(async (tx) => tx.query('SELECT 1'), { prelude: [inlineWritesLock(mode)] })
      .then(() => story.push(`other ${mode} committed`));

  it('is taken when no one else writes, and its writes skip the sole writer’s lock', async () => {
    expect(holder.sole()).toBe(false);
    expect(holder.prelude()).toEqual([inlineWritesLock('shared')]);
    lease.start();
    await eventually(() => holder.sole());
    expect(holder.prelude()).toEqual([inlineWritesLock('sole')]);
    // Its own write, on another connection of its pool, does not wait for its own lock.
    await testDb().db.transaction((tx) => tx.query('SELECT 1'), {
      prelude: await holder.prelude(),
    });
    expect(story).toEqual(['sole']);
  });

  it.each(['shared', 'exclusive'] as const)(
    'is let go before another process’s %s write commits, and taken again after',
    async (mode) => {
      const told: boolean[] = [];
      lease.observe((soleUntil) => {
        if (soleUntil > 0 !== told.at(-1)) told.push(soleUntil > 0);
      });
      lease.start();
      await eventually(() => holder.sole());
      await otherWrites(mode);
      expect(story).toEqual(['sole', 'let go', `other ${mode} committed`]);
      await eventually(() => holder.sole());
      expect(told).toEqual([false, true, false, true]);
    },
  );

  it.each(['shared', 'sole'] as const)(
    'is not taken while another process’s write is in flight (%s: a former sole writer’s)',
    async (mode) => {
      const held = holdTransaction(other, (tx) => tx.query('SELECT 1'), [inlineWritesLock(mode)]);
      await held.ready;
      lease.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(holder.sole()).toBe(false);
      held.end();
      await held.done;
      await eventually(() => holder.sole());
    },
  );

  it('is looked at again by a write once its last look is too old, which then goes on', async () => {
    // No timer looks in this test's time: the look the lease counts on lapses after 1.5 s.
    const slow = new SoleWriterLease(testDb().db, { pollMs: 60_000 });
    const writer = createInlineProjector([], { writers: slow });
    try {
      slow.start();
      await eventually(() => writer.sole());
      await eventually(() => !writer.sole(), { timeoutMs: 5_000 });
      const startedAt = performance.now();
      const prelude = await writer.prelude();
      expect(prelude).toEqual([inlineWritesLock('sole')]);
      await testDb().db.transaction((tx) => tx.query('SELECT 1'), { prelude });
      expect(performance.now() - startedAt).toBeLessThan(1_000);
      expect(writer.sole()).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('is let go when its session dies, and taken again on a new one', async () => {
    lease.start();
    await eventually(() => holder.sole());
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND mode = 'ExclusiveLock' AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await eventually(() => story.includes('let go'));
    await eventually(() => holder.sole());
    expect(story).toEqual(['sole', 'let go', 'sole']);
  });
});
