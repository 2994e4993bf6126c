import {
  actingMemberOf,
  memberDecider,
  memberGroupDecider,
  memberGroupStreamName,
  memberStreamName,
  postDecider,
  postStreamName,
  roomDecider,
  roomStreamName,
  variantDecider,
  variantStreamName,
  webhookEndpointDecider,
  webhookEndpointStreamName,
} from '@brand-api/domain';
import type { Decider, MemberState } from '@brand-api/domain';
import type { CommandContext, DomainEvent } from '@brand-api/event-store';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { entityKinds } from './entity-registry';

jest.setTimeout(60_000);

let t: TestApp;
let brandId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ brandId } = await t.brandWithKey(['members:read'], 'Audit brand'));
});
afterAll(() => t.close());

const ids = {
  variant: '10000000-0000-4000-8000-000000000001',
  product: '10000000-0000-4000-8000-000000000002',
  member: '10000000-0000-4000-8000-000000000003',
  group: '10000000-0000-4000-8000-000000000004',
  badge: '10000000-0000-4000-8000-000000000005',
  room: '10000000-0000-4000-8000-000000000006',
  post: '10000000-0000-4000-8000-000000000007',
  endpoint: '10000000-0000-4000-8000-000000000008',
};

const context = (requestId: string): CommandContext => ({
  brandId,
  actor: { kind: 'operator', id: 'admin', name: 'operator' },
  requestId,
  correlationId: requestId,
  causationId: null,
});

interface Entry {
  type: string;
  requestId: string;
  position: number;
  changes: { field: string; before: unknown; after: unknown }[];
}

const history = async (entity: string, id: string) =>
  (
    (
      await t.http
        .get(`/admin/v1/audit/history/${entity}/${id}`)
        .set('authorization', adminAuth)
        .expect(200)
    ).body as { data: Entry[] }
  ).data;
const at = async (entity: string, id: string, moment: string) =>
  (
    (
      await t.http
        .get(`/admin/v1/audit/at/${entity}/${id}?at=${encodeURIComponent(moment)}`)
        .set('authorization', adminAuth)
        .expect(200)
    ).body as { data: { existed: boolean; state: Record<string, unknown> } }
  ).data;

/** One decider's command on one stream, run by the app's command engine. */
const commandsThroughTheEngine = () => ({
  execute: <C, E extends DomainEvent, S>(
    decider: Decider<C, S, E>,
    streamName: string,
    command: C,
    context: CommandContext,
  ) =>
    t.app.services.application.engine
      .run(context, async (uow) => {
        const stream = await uow.load(streamName, decider, { tenant: true });
        stream.decide(command);
        return stream.state;
      })
      .then(({ value }) => ({ state: value })),
});

/** Each kind: two commands through its decider, then its history and its state between them. */
describe('audit history and time travel for every entity kind', () => {
  it('variant', async () => {
    const run = commandsThroughTheEngine();
    const now = '2025-05-01T10:00:00.000Z';
    await run.execute(
      variantDecider,
      variantStreamName(ids.variant),
      {
        type: 'CreateVariant',
        data: {
          variantId: ids.variant,
          variant: { storeId: 'v-1', productStoreId: 'p-1', title: 'Small', position: 0 },
          parent: { productId: ids.product, storeId: 'p-1' },
          now,
        },
      },
      context('req-variant-1'),
    );
    await run.execute(
      variantDecider,
      variantStreamName(ids.variant),
      {
        type: 'UpdateVariant',
        data: { variantId: ids.variant, changes: { title: 'Large' }, now },
      },
      context('req-variant-2'),
    );
    const entries = await history('variant', ids.variant);
    expect(entries.map((e) => e.type)).toEqual(['VariantCreated', 'VariantUpdated']);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ before: 'Small', after: 'Large' })]),
    );
    expect(
      JSON.stringify(await at('variant', ids.variant, String(entries[0]!.position))),
    ).toContain('Small');
  });

  it('member, member-group, room and post', async () => {
    const run = commandsThroughTheEngine();
    const now = '2025-05-01T10:00:00.000Z';
    await run.execute(
      memberGroupDecider,
      memberGroupStreamName(ids.group),
      {
        type: 'CreateMemberGroup',
        data: { memberGroupId: ids.group, name: 'VIP', brandMemberBadge: null, badgeId: ids.badge },
      },
      context('req-group-1'),
    );
    await run.execute(
      memberGroupDecider,
      memberGroupStreamName(ids.group),
      {
        type: 'UpdateMemberGroup',
        data: { name: 'VIPs', badgeId: ids.badge },
      },
      context('req-group-2'),
    );
    const groups = await history('member-group', ids.group);
    expect(groups.map((e) => e.changes.find((c) => c.field === 'name'))).toEqual([
      { field: 'name', before: undefined, after: 'VIP' },
      { field: 'name', before: 'VIP', after: 'VIPs' },
    ]);
    expect((await at('member-group', ids.group, String(groups[0]!.position))).state).toMatchObject({
      name: 'VIP',
    });

    const joined = await run.execute(
      memberDecider,
      memberStreamName(ids.member),
      {
        type: 'JoinMember',
        data: {
          memberId: ids.member,
          username: 'ada',
          customAuthSub: null,
          email: 'ada@example.com',
          phoneNumber: null,
          firstName: 'Ada',
          lastName: null,
          profilePictureUrl: null,
          isEmailVerified: false,
          role: 'CUSTOMER',
          joinedVia: 'operator',
          now,
        },
      },
      context('req-member-1'),
    );
    await run.execute(
      memberDecider,
      memberStreamName(ids.member),
      {
        type: 'UpdateMember',
        data: { isBanned: true, knownGroupIds: [], emailVerificationAllowed: false },
      },
      context('req-member-2'),
    );
    const members = await history('member', ids.member);
    expect(members.map((e) => e.type)).toEqual(['MemberJoined', 'MemberBanned']);
    expect(members[1]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ before: false, after: true })]),
    );
    expect((await at('member', ids.member, String(members[0]!.position))).state).toMatchObject({
      isBanned: false,
    });

    const room = await run.execute(
      roomDecider,
      roomStreamName(ids.room),
      {
        type: 'CreateRoom',
        data: { roomId: ids.room, name: 'General' },
      },
      context('req-room-1'),
    );
    const actor = actingMemberOf(joined.state as Extract<MemberState, { status: 'active' }>);
    await run.execute(
      postDecider,
      postStreamName(ids.post),
      {
        type: 'CreatePost',
        data: {
          postId: ids.post,
          room: room.state,
          actor,
          type: 'TEXT',
          title: 'Hello',
          contentHtml: '<p>Hi</p>',
          now,
        },
      },
      context('req-post-1'),
    );
    await run.execute(
      postDecider,
      postStreamName(ids.post),
      {
        type: 'PinPost',
        data: { actor: { ...actor, role: 'ADMIN' } },
      },
      context('req-post-2'),
    );
    const posts = await history('post', ids.post);
    expect(posts.map((e) => e.type)).toEqual(['PostCreated', 'PostPinned']);
    expect(posts[1]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ before: false, after: true })]),
    );
    expect((await at('post', ids.post, String(posts[0]!.position))).state).toMatchObject({
      title: 'Hello',
    });
  });

  it('webhook-endpoint, with its signing secret redacted', async () => {
    const run = commandsThroughTheEngine();
    await run.execute(
      webhookEndpointDecider,
      webhookEndpointStreamName(ids.endpoint),
      {
        type: 'RegisterWebhookEndpoint',
        data: {
          webhookEndpointId: ids.endpoint,
          brandId,
          url: 'https://hooks.example/a',
          secret: `whsec_${'A'.repeat(40)}`,
        },
      },
      context('req-hook-1'),
    );
    await run.execute(
      webhookEndpointDecider,
      webhookEndpointStreamName(ids.endpoint),
      {
        type: 'UpdateWebhookEndpoint',
        data: { webhookEndpointId: ids.endpoint, brandId, url: 'https://hooks.example/b' },
      },
      context('req-hook-2'),
    );
    const entries = await history('webhook-endpoint', ids.endpoint);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          before: 'https://hooks.example/a',
          after: 'https://hooks.example/b',
        }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain('AAAAAAAA');
    const then = await at('webhook-endpoint', ids.endpoint, String(entries[0]!.position));
    expect(JSON.stringify(then.state)).toContain('hooks.example/a');
    expect(JSON.stringify(then.state)).not.toContain('AAAAAAAA');
  });

  it('a request: everything it did across streams, in log order, with what each event changed', async () => {
    const run = commandsThroughTheEngine();
    const now = '2025-05-01T10:00:00.000Z';
    const variants = [
      '10000000-0000-4000-8000-000000000011',
      '10000000-0000-4000-8000-000000000012',
    ];
    const create = (variantId: string, requestId: string) =>
      run.execute(
        variantDecider,
        variantStreamName(variantId),
        {
          type: 'CreateVariant',
          data: {
            variantId,
            variant: {
              storeId: `v-${variantId}`,
              productStoreId: 'p-1',
              title: 'Small',
              position: 0,
            },
            parent: { productId: ids.product, storeId: 'p-1' },
            now,
          },
        },
        context(requestId),
      );
    // The request changes a variant another request created, then creates one: each entry's
    // changes come from its stream folded from the start, not from the request's events alone.
    await create(variants[0]!, 'req-first');
    await run.execute(
      variantDecider,
      variantStreamName(variants[0]!),
      {
        type: 'UpdateVariant',
        data: { variantId: variants[0]!, changes: { title: 'Large' }, now },
      },
      context('req-shared'),
    );
    await create(variants[1]!, 'req-shared');
    const response = await t.http
      .get('/admin/v1/audit/requests/req-shared')
      .set('authorization', adminAuth)
      .expect(200);
    const entries = (response.body as { data: (Entry & { stream: string })[] }).data;
    expect(entries.map((e) => [e.type, e.stream, e.requestId])).toEqual([
      ['VariantUpdated', variantStreamName(variants[0]!), 'req-shared'],
      ['VariantCreated', variantStreamName(variants[1]!), 'req-shared'],
    ]);
    expect(entries[0]!.position).toBeLessThan(entries[1]!.position);
    expect(entries[0]!.changes).toEqual([
      { field: 'fields.title', before: 'Small', after: 'Large' },
    ]);
    const none = await t.http
      .get('/admin/v1/audit/requests/req-never-made')
      .set('authorization', adminAuth)
      .expect(200);
    expect(none.body).toEqual({ data: [] });
  });

  it('time travel to a global position no event has is a 400 naming it', async () => {
    const response = await t.http
      .get(`/admin/v1/audit/at/variant/${ids.variant}?at=987654321`)
      .set('authorization', adminAuth)
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'at no event has global position 987654321',
    });
  });

  it('knows the eight entity kinds of the issue', () => {
    expect(entityKinds).toEqual(
      expect.arrayContaining([
        'product',
        'variant',
        'member',
        'member-group',
        'post',
        'brand',
        'api-key',
        'webhook-endpoint',
      ]),
    );
  });
});
