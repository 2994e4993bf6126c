import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { createCoalescingNotifier } from './notifier';

jest.setTimeout(60_000);

let testDb: TestDatabase;
/** Listeners still open: a test that failed before stopping its own would hold the drop. */
const listening = new Set<() => Promise<void>>();
beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all([...listening].map((stop) => stop()));
  await testDb.drop();
});

/** Notifications heard on `channel`, and a wait for the next one. */
async function hear(channel: string) {
  const heard: string[] = [];
  let waiting: (() => void)[] = [];
  const unlisten = await testDb.db.listen(channel, (payload) => {
    heard.push(payload);
    // A waiter not yet satisfied queues itself again: into the next list, not this one, which
    // would never end.
    const woken = waiting;
    waiting = [];
    for (const done of woken) done();
  });
  const next = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (heard.length >= count ? resolve() : waiting.push(check));
      check();
    });
  const stop = async () => {
    listening.delete(stop);
    await unlisten();
  };
  listening.add(stop);
  return { heard, next, stop };
}

describe('the coalescing notifier', () => {
  it('without carrying, sends a NOTIFY for a poke at once', async () => {
    const { next, stop } = await hear('test_channel');
    const notifier = createCoalescingNotifier(testDb.db, 'test_channel', { payload: 'p' });
    expect(notifier.carry()).toBeUndefined();
    notifier.poke();
    await next(1);
    await notifier.close();
    await stop();
  });

  it('without carrying, sends a NOTIFY at most every minGapMs, covering the pokes before it', async () => {
    const { heard, next, stop } = await hear('test_channel');
    const notifier = createCoalescingNotifier(testDb.db, 'test_channel', { minGapMs: 300 });
    const started = performance.now();
    notifier.poke(); // the first leaves at once
    await next(1);
    for (let i = 0; i < 10; i += 1) notifier.poke();
    await next(2);
    // Timers may fire up to a millisecond early on performance.now()'s clock.
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard).toHaveLength(2);
    await notifier.close();
    await stop();
  });

  it('hands one write in each period the NOTIFY to carry, and sends the rest on its own', async () => {
    const { heard, next, stop } = await hear('test_channel');
    const notifier = createCoalescingNotifier(testDb.db, 'test_channel', {
      payload: 'p',
      carryEveryMs: 200,
    });
    const carried = notifier.carry();
    expect(carried).toEqual({ text: 'SELECT pg_notify($1, $2)', params: ['test_channel', 'p'] });
    // Within the period nobody else carries it.
    expect(notifier.carry()).toBeUndefined();
    // The carrier's transaction sends it with its commit.
    await testDb.db.transaction(async (tx) => {
      await tx.query(carried!.text, carried!.params);
    });
    await next(1);
    // A write that committed without carrying: its poke is sent on its own when no carrier
    // comes (after 2 periods), and once.
    notifier.poke();
    notifier.poke();
    await next(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toHaveLength(2);
    // After the period, the next write carries again.
    expect(notifier.carry()).toBeDefined();
    await notifier.close();
    await stop();
  });

  it('sends what a carrier that rolled back covered at once, and what none covered on close', async () => {
    const { heard, next, stop } = await hear('test_channel');
    const notifier = createCoalescingNotifier(testDb.db, 'test_channel', { carryEveryMs: 60_000 });
    notifier.poke();
    expect(notifier.carry()).toBeDefined();
    notifier.carryFailed(); // sent at once: its NOTIFY is in flight from here
    // Within the period: no carrier, and the trailing send is two minutes away. Closing sends
    // it, after the one in flight.
    notifier.poke();
    expect(notifier.carry()).toBeUndefined();
    await notifier.close();
    await next(2);
    expect(heard).toHaveLength(2);
    await stop();
  });
});
