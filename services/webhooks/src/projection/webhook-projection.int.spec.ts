import { randomUUID } from 'node:crypto';
import { createProjectionRunner } from '@brand-api/event-store';
import type { Database, EventStore, LogPosition, ProjectionRunner } from '@brand-api/event-store';
import { hasPostgresServer } from '@brand-api/event-store/testing';
import {
  aMember,
  memberJoined,
  postCreated,
  registerEndpoint,
  runEndpointCommand,
  sourceEvent,
} from '../testing/fixtures';
import { webhookProjector } from '../testing/webhook-tables';
import { openWebhookTestDatabase } from '../testing/webhook-test-database';
import type { WebhookTestDatabase } from '../testing/webhook-test-database';
import { webhookMessageId } from '@brand-api/domain';
import { webhookProjection } from './webhook-projection';

interface OutboxRow {
  message_id: string;
  endpoint_id: string;
  event_type: string;
  body: string;
  status: string;
}

describe(`webhook projector on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let bed: WebhookTestDatabase;
  let db: Database;
  let store: EventStore;
  let runner: ProjectionRunner;

  const append = async (
    stream: string,
    event: Parameters<EventStore['appendToStream']>[1][number],
  ) => (await store.appendToStream(stream, [event], { expectedVersion: 'any' })).position;

  const caughtUp = async (position: LogPosition) => {
    expect(await runner.waitFor(position, 10_000)).toBe(true);
  };

  const outbox = async (brandId: string) =>
    (
      await db.query<OutboxRow>(
        `SELECT d.message_id, d.endpoint_id::text, m.event_type, m.body, d.status
         FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
         WHERE d.brand_id = $1 ORDER BY d.id`,
        [brandId],
      )
    ).rows;

  beforeAll(async () => {
    bed = await openWebhookTestDatabase();
    ({ db, store } = bed);
    runner = webhookProjector(db, store);
    await runner.start();
  });

  afterAll(async () => {
    await runner.stop();
    await bed.close();
  });

  it('queues one row per subscribed, enabled endpoint of the brand, with the event as of then', async () => {
    const brandId = randomUUID();
    const otherBrand = randomUUID();
    const all = await registerEndpoint(store, { brandId, url: 'https://a.example/hook' });
    const postsOnly = await registerEndpoint(store, {
      brandId,
      url: 'https://b.example/hook',
      eventTypes: ['post.created'],
    });
    await registerEndpoint(store, { brandId: otherBrand, url: 'https://c.example/hook' });
    const member = aMember({ customAuthSub: null });
    const joined = memberJoined(brandId, member, new Date('2025-03-01T10:00:00.000Z'));
    await append(`member-${member.id}`, joined);
    const post = postCreated(brandId, member, 'Hello');
    await caughtUp(await append(`post-${randomUUID()}`, post));

    const rows = await outbox(brandId);
    // In log order; an event's deliveries in the order of their endpoints' ids.
    expect(rows.map((r) => [r.event_type, r.endpoint_id])).toEqual([
      ['user.joined', all.id],
      ...[all.id, postsOnly.id].sort().map((id) => ['post.created', id]),
    ]);
    expect(rows[0]!.message_id).toBe(webhookMessageId(joined.id));
    expect(JSON.parse(rows[0]!.body)).toEqual({
      type: 'user.joined',
      timestamp: '2025-03-01T10:00:00.000Z',
      data: {
        userId: member.id,
        email: member.email,
        phoneNumber: '+447700900123',
        user: { id: member.id, customAuthSub: null, email: member.email },
      },
    });
    // Both endpoints get the same message id for the same event.
    expect(rows[1]!.message_id).toBe(rows[2]!.message_id);
    expect(await outbox(otherBrand)).toEqual([]);
  });

  it('follows endpoint changes in log order: filters, disabling and enabling', async () => {
    const brandId = randomUUID();
    const endpoint = await registerEndpoint(store, {
      brandId,
      url: 'https://a.example/hook',
      eventTypes: ['user.joined'],
    });
    const member = aMember();
    await append(`post-${randomUUID()}`, postCreated(brandId, member, 'filtered out'));
    await runEndpointCommand(store, brandId, {
      type: 'UpdateWebhookEndpoint',
      data: { webhookEndpointId: endpoint.id, brandId, eventTypes: null },
    });
    await append(`post-${randomUUID()}`, postCreated(brandId, member, 'after the filter widened'));
    await runEndpointCommand(store, brandId, {
      type: 'UpdateWebhookEndpoint',
      data: { webhookEndpointId: endpoint.id, brandId, enabled: false },
    });
    await append(`post-${randomUUID()}`, postCreated(brandId, member, 'while disabled'));
    await runEndpointCommand(store, brandId, {
      type: 'UpdateWebhookEndpoint',
      data: { webhookEndpointId: endpoint.id, brandId, enabled: true },
    });
    await caughtUp(
      await append(`post-${randomUUID()}`, postCreated(brandId, member, 'enabled again')),
    );

    const titles = (await outbox(brandId)).map(
      (row) => (JSON.parse(row.body) as { data: { title: string } }).data.title,
    );
    expect(titles).toEqual(['after the filter widened', 'enabled again']);
  });

  it('cuts comment text to 500 characters of plain text', async () => {
    const brandId = randomUUID();
    await registerEndpoint(store, { brandId, url: 'https://a.example/hook' });
    const member = aMember();
    const comment = sourceEvent(
      'PostCommentCreated',
      {
        postCommentId: randomUUID(),
        postId: randomUUID(),
        postTitle: 'Trail report',
        roomId: randomUUID(),
        memberId: member.id,
        member,
        contentHtml: `<p>Great <a href="https://x.example">run</a>!</p><p>${'word '.repeat(200)}</p>`,
        createdAt: new Date().toISOString(),
      },
      brandId,
    );
    await caughtUp(await append(`post-${randomUUID()}`, comment));
    const [row] = await outbox(brandId);
    const data = (JSON.parse(row!.body) as { data: { plainTextContent: string } }).data;
    expect(data.plainTextContent).toHaveLength(500);
    expect(data.plainTextContent.startsWith('Great run!\n\nword word')).toBe(true);
    expect(data.plainTextContent.endsWith('…')).toBe(true);
  });

  it('a replay from the start (version bump) queues nothing twice and rebuilds the endpoints', async () => {
    const brandId = randomUUID();
    const endpoint = await registerEndpoint(store, { brandId, url: 'https://a.example/hook' });
    const member = aMember();
    await append(`member-${member.id}`, memberJoined(brandId, member));
    const position = await append(`post-${randomUUID()}`, postCreated(brandId, member));
    await caughtUp(position);
    await db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE brand_id = $1`, [
      brandId,
    ]);
    const before = await outbox(brandId);
    expect(before).toHaveLength(2);
    await runner.stop();

    const replay = createProjectionRunner({
      db,
      store,
      projections: [{ ...webhookProjection, version: webhookProjection.version + 1 }],
      pollMs: 20,
    });
    await replay.start();
    try {
      expect(await replay.waitFor(position, 20_000)).toBe(true);
    } finally {
      await replay.stop();
    }
    expect(await outbox(brandId)).toEqual(before);
    const { rows } = await db.query<{ url: string }>(
      'SELECT url FROM webhook_endpoints WHERE id = $1',
      [endpoint.id],
    );
    expect(rows).toEqual([{ url: 'https://a.example/hook' }]);
    // Put the version back for the other tests' runner.
    await db.query(`UPDATE projection_checkpoints SET version = $1 WHERE name = $2`, [
      webhookProjection.version,
      webhookProjection.name,
    ]);
    runner = webhookProjector(db, store);
    await runner.start();
  });
});
