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

const now = '2025-05-01T10:00:00.000Z';

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

/**
 * One decider's command on one stream, in request `requestId`, run by the app's command engine;
 * resolves to the stream's state after it.
 */
const execute = async <C, E extends DomainEvent, S>(
  decider: Decider<C, S, E>,
  streamName: string,
  command: C,
  requestId: string,
): Promise<S> => {
  const { value } = await t.app.services.application.engine.run(context(requestId), async (uow) => {
    const stream = await uow.load(streamName, decider, { tenant: true });
    stream.decide(command);
    return stream.state;
  });
  return value;
};

/**
 * Commands of one decider on one stream, one after the other, the n-th in request
 * `${request}-n`; resolves to the stream's state after each.
 */
const executeInTurn = async <C, E extends DomainEvent, S>(
  decider: Decider<C, S, E>,
  streamName: string,
  request: string,
  commands: readonly C[],
): Promise<S[]> => {
  const states: S[] = [];
  for (const [index, command] of commands.entries()) {
    states.push(await execute(decider, streamName, command, `${request}-${index + 1}`));
  }
  return states;
};

/** Each kind: two commands through its decider, then its history and its state between them. */
describe('audit history and time travel for every entity kind', () => {
  it('variant', async () => {
    await executeInTurn(variantDecider, variantStreamName(ids.variant), 'req-variant', [
      {
        type: 'CreateVariant',
        data: {
          variantId: ids.variant,
          variant: { storeId: 'v-1', productStoreId: 'p-1', title: 'Small', position: 0 },
          parent: { productId: ids.product, storeId: 'p-1' },
          now,
        },
      },
      {
        type: 'UpdateVariant',
        data: { variantId: ids.variant, changes: { title: 'Large' }, now },
      },
    ]);
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
    await executeInTurn(memberGroupDecider, memberGroupStreamName(ids.group), 'req-group', [
      {
        type: 'CreateMemberGroup',
        data: { memberGroupId: ids.group, name: 'VIP', brandMemberBadge: null, badgeId: ids.badge },
      },
      {
        type: 'UpdateMemberGroup',
        data: { name: 'VIPs', badgeId: ids.badge },
      },
    ]);
    const groups = await history('member-group', ids.group);
    expect(groups.map((e) => e.changes.find((c) => c.field === 'name'))).toEqual([
      { field: 'name', before: undefined, after: 'VIP' },
      { field: 'name', before: 'VIP', after: 'VIPs' },
    ]);
    expect((await at('member-group', ids.group, String(groups[0]!.position))).state).toMatchObject({
      name: 'VIP',
    });

    const [joined] = await executeInTurn(
      memberDecider,
      memberStreamName(ids.member),
      'req-member',
      [
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
        {
          type: 'UpdateMember',
          data: { isBanned: true, knownGroupIds: [], emailVerificationAllowed: false },
        },
      ],
    );
    const members = await history('member', ids.member);
    expect(members.map((e) => e.type)).toEqual(['MemberJoined', 'MemberBanned']);
    expect(members[1]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ before: false, after: true })]),
    );
    expect((await at('member', ids.member, String(members[0]!.position))).state).toMatchObject({
      isBanned: false,
    });

    const room = await execute(
      roomDecider,
      roomStreamName(ids.room),
      {
        type: 'CreateRoom',
        data: { roomId: ids.room, name: 'General' },
      },
      'req-room-1',
    );
    const actor = actingMemberOf(joined as Extract<MemberState, { status: 'active' }>);
    await executeInTurn(postDecider, postStreamName(ids.post), 'req-post', [
      {
        type: 'CreatePost',
        data: {
          postId: ids.post,
          room,
          actor,
          type: 'TEXT',
          title: 'Hello',
          contentHtml: '<p>Hi</p>',
          now,
        },
      },
      {
        type: 'PinPost',
        data: { actor: { ...actor, role: 'ADMIN' } },
      },
    ]);
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
    await executeInTurn(
      webhookEndpointDecider,
      webhookEndpointStreamName(ids.endpoint),
      'req-hook',
      [
        {
          type: 'RegisterWebhookEndpoint',
          data: {
            webhookEndpointId: ids.endpoint,
            brandId,
            url: 'https://hooks.example/a',
            secret: `whsec_${'A'.repeat(40)}`,
          },
        },
        {
          type: 'UpdateWebhookEndpoint',
          data: { webhookEndpointId: ids.endpoint, brandId, url: 'https://hooks.example/b' },
        },
      ],
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
    const variants = [
      '10000000-0000-4000-8000-000000000011',
      '10000000-0000-4000-8000-000000000012',
    ];
    const create = (variantId: string, requestId: string) =>
      execute(
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
        requestId,
      );
    // The request changes a variant another request created, then creates one: each entry's
    // changes come from its stream folded from the start, not from the request's events alone.
    await create(variants[0]!, 'req-first');
    await execute(
      variantDecider,
      variantStreamName(variants[0]!),
      {
        type: 'UpdateVariant',
        data: { variantId: variants[0]!, changes: { title: 'Large' }, now },
      },
      'req-shared',
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
