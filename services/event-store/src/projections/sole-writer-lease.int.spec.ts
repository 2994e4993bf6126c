import type { Database } from '../db';
import { describeOnServer, eventually, holdTransaction, useTestDatabase } from '../testing';
import { createInlineProjector } from './inline-projector';
import type { InlineProjector } from './inline-projector';
import { inlineWritesLock } from './inline-writers';
import { SoleWriterLease } from './sole-writer-lease';

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

  /** A write of the holder's process, with the lock its lease allows. */
  const holderWrites = async (sql = 'SELECT 1') => {
    const prelude = await holder.prelude();
    try {
      await testDb().db.transaction((tx) => tx.query(sql), { prelude: prelude.statements });
    } finally {
      prelude.end();
    }
  };

  const otherWrites = (mode: 'shared' | 'exclusive') =>
    other
      .transaction(async (tx) => tx.query('SELECT 1'), { prelude: [inlineWritesLock(mode)] })
      .then(() => story.push(`other ${mode} committed`));

  it('is taken when no one else writes, and its writes skip the sole writer’s lock', async () => {
    expect(holder.sole()).toBe(false);
    const before = await holder.prelude();
    expect(before.statements).toEqual([inlineWritesLock('shared')]);
    // A write that took the shared lock and has not ended holds the try back (drainMs).
    before.end();
    lease.start();
    await eventually(() => holder.sole());
    expect((await holder.prelude()).statements).toEqual([inlineWritesLock('sole')]);
    // Its own write, on another connection of its pool, does not wait for its own lock.
    await holderWrites();
    expect(story).toEqual(['sole']);
  });

  it('is taken and kept while this process writes without a pause', async () => {
    // Four writers, each writing again as soon as its write ends: a write of this process is
    // always in flight, with the shared lock until the lease is held.
    let writing = true;
    let writes = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        await holderWrites('SELECT pg_sleep(0.005)');
        writes += 1;
      }
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lease.start();
      await eventually(() => holder.sole());
      const before = writes;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(writes).toBeGreaterThan(before);
      expect(holder.sole()).toBe(true);
      expect(story).toEqual(['sole']);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
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
      expect(prelude.statements).toEqual([inlineWritesLock('sole')]);
      await testDb().db.transaction((tx) => tx.query('SELECT 1'), {
        prelude: prelude.statements,
      });
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
