import { randomUUID } from 'node:crypto';
import { eventually, hasPostgresServer } from '@brand-api/event-store/testing';
import { useDeliveryBed } from '../testing/delivery-bed';
import { runEndpointCommand } from '../testing/fixtures';
import { createDeliverer } from './deliverer';
import type { Deliverer, DelivererOptions } from './deliverer';
import { retryScheduleMs } from './retry-schedule';
import { retryWebhookMessage, sendNow } from './send-now';

jest.setTimeout(60_000);

/** Busy for an hour: the next attempt is then an hour away (Retry-After is honoured). */
const busyForAnHour = () => ({ status: 503, headers: { 'retry-after': '3600' } });

describe(`sending a message now, on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  const bed = useDeliveryBed();
  let now: Date;
  const clock = () => new Date(now);

  /** No jitter (random 0.5 → factor 1), so scheduled times are exact. */
  const deliverer = (options: Partial<DelivererOptions> = {}): Deliverer => {
    const { db, store, http } = bed();
    return createDeliverer({ db, store, http, clock, random: () => 0.5, ...options });
  };

  /** A brand with one endpoint on the receiver, and its path there. */
  const endpoint = async (brandId: string) => {
    const { path, endpoint: registered } = await bed().endpointOnReceiver(brandId);
    return { path, ...registered };
  };
  const join = async (brandId: string) => (await bed().join(brandId)).messageId;
  const delivery = (messageId: string) => bed().delivery(messageId);

  beforeEach(() => {
    // A minute ahead of the wall clock: a message is due at its event's time, so the events a
    // test appends are due at `now` even when a loaded machine takes seconds to append them.
    now = new Date(Date.now() + 60_000);
  });

  it('moves a pending delivery’s next attempt to now; its schedule goes on', async () => {
    const brandId = randomUUID();
    const { path } = await endpoint(brandId);
    bed().receiver.plan(path, busyForAnHour);
    const messageId = await join(brandId);
    const worker = deliverer();
    expect(await worker.deliverDue()).toMatchObject({ attempted: 1, retrying: 1 });
    now = new Date(now.getTime() + 60_000);
    expect((await worker.deliverDue()).attempted).toBe(0);

    expect(await retryWebhookMessage(bed().db, messageId, clock())).toEqual({
      deliveries: 1,
      delivered: 0,
      pending: 1,
      failed: 0,
      sending: 0,
      disabled: 0,
    });
    expect(await delivery(messageId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: now,
    });
    bed().receiver.plan(path, () => ({ status: 204 }));
    expect(await worker.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(
      bed()
        .receiver.receivedOn(path)
        .map((r) => r.id),
    ).toEqual([messageId, messageId]);
    expect(await delivery(messageId)).toMatchObject({ status: 'delivered', attempts: 2 });

    // Delivered: nothing left to send, and nothing is.
    expect(await retryWebhookMessage(bed().db, messageId, clock())).toMatchObject({
      deliveries: 1,
      delivered: 1,
      pending: 0,
      failed: 0,
    });
    expect((await worker.deliverDue()).attempted).toBe(0);
    expect(await retryWebhookMessage(bed().db, `msg_${'0'.repeat(27)}`, clock())).toBeUndefined();
  });

  it('queues a failed delivery again with a fresh retry schedule', async () => {
    const brandId = randomUUID();
    const { path } = await endpoint(brandId);
    bed().receiver.plan(path, () => ({ status: 500 }));
    const messageId = await join(brandId);
    const worker = deliverer();
    for (const delay of retryScheduleMs) {
      now = new Date(now.getTime() + delay);
      await worker.deliverDue();
    }
    expect(await delivery(messageId)).toMatchObject({ status: 'failed', attempts: 8 });

    expect(await retryWebhookMessage(bed().db, messageId, clock())).toMatchObject({
      failed: 1,
      pending: 0,
    });
    expect(await delivery(messageId)).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: null,
      next_attempt_at: now,
    });
    // Attempt 1 of a new schedule: retried in 5 s, where a ninth attempt would have been final.
    expect(await worker.deliverDue()).toMatchObject({ attempted: 1, retrying: 1 });
    expect(await delivery(messageId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: new Date(now.getTime() + retryScheduleMs[1]!),
    });
  });

  it('leaves a delivery a deliverer is sending to it: the message goes out once', async () => {
    const brandId = randomUUID();
    const { path } = await endpoint(brandId);
    bed().receiver.plan(path, () => ({ status: 200, delayMs: 1_000 }));
    const messageId = await join(brandId);
    const sending = deliverer().deliverDue();
    await bed().receiver.waitFor(1, { path });

    // The request is in flight under the first deliverer's lease.
    expect(await retryWebhookMessage(bed().db, messageId, clock())).toMatchObject({
      sending: 1,
      pending: 0,
    });
    expect((await deliverer().deliverDue()).attempted).toBe(0);
    expect(await sending).toMatchObject({ attempted: 1, delivered: 1 });
    expect(await deliverer().deliverDue()).toMatchObject({ attempted: 0 });
    expect(bed().receiver.receivedOn(path)).toHaveLength(1);
    expect(await delivery(messageId)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('leaves deliveries to a disabled endpoint alone: they would only fail again', async () => {
    const brandId = randomUUID();
    await endpoint(brandId);
    const closed = await endpoint(brandId);
    const messageId = await join(brandId);
    const disabledAt = await runEndpointCommand(bed().store, brandId, {
      type: 'UpdateWebhookEndpoint',
      data: { webhookEndpointId: closed.id, brandId, enabled: false },
    });
    expect(await bed().projector.waitFor(disabledAt!, 10_000)).toBe(true);

    expect(await retryWebhookMessage(bed().db, messageId, clock())).toMatchObject({
      deliveries: 2,
      pending: 1,
      disabled: 1,
    });
    // Replay selects by endpoint and time: the disabled one is left out there too.
    expect(await sendNow(bed().db, { endpointId: closed.id, since: new Date(0) }, clock())).toEqual(
      {
        failed: 0,
        pending: 0,
        sending: 0,
        disabled: 1,
      },
    );
  });

  it('wakes a running deliverer, which sends at once rather than at its next poll', async () => {
    const brandId = randomUUID();
    const { path } = await endpoint(brandId);
    bed().receiver.plan(path, busyForAnHour);
    const running = deliverer({ clock: () => new Date(), pollMs: 60_000 });
    await running.start();
    try {
      const messageId = await join(brandId);
      await bed().receiver.waitFor(1, { path });
      await eventually(async () => (await delivery(messageId)).attempts === 1);
      bed().receiver.plan(path, () => ({ status: 204 }));

      expect(await retryWebhookMessage(bed().db, messageId, new Date())).toMatchObject({
        pending: 1,
      });
      // Well before the next poll (a minute) or the next attempt (an hour).
      await bed().receiver.waitFor(2, { path, timeoutMs: 5_000 });
      await eventually(async () => (await delivery(messageId)).status === 'delivered');
    } finally {
      await running.stop();
    }
  });
});
