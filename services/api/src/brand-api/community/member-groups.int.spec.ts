import { brandApiClient } from '../../testing/brand-api-client';
import { errorOf } from '../../testing/error-body';
import { brand, eventCount, signUp, useBrands } from '../../testing/community-kit';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(120_000);

const { t, groups } = useBrands({ groups: { customAuth: false } });

const as = (apiKey: string) => brandApiClient(t, () => apiKey);

const vip = { name: 'VIP', foregroundColor: '#FFFFFF', backgroundColor: '#6B21A8' };
const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';

interface GroupBody {
  data: { id: string; name: string; brandMemberBadge: null | { id: string; name: string } };
}

describe('member groups', () => {
  it('creates, fetches, lists, renames, re-badges and removes the badge', async () => {
    const created = (
      await as(groups().key)
        .post('/member-groups', { name: ' VIP customers ', brandMemberBadge: vip })
        .expect(201)
    ).body as GroupBody;
    expect(created.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'VIP customers',
      brandMemberBadge: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, ...vip },
    });
    const { id } = created.data;
    expect((await as(groups().key).get(`/member-groups/${id}`).expect(200)).body).toEqual(created);
    const badgeId = created.data.brandMemberBadge!.id;
    const rebadged = (
      await as(groups().key)
        .patch(`/member-groups/${id}`, { brandMemberBadge: { ...vip, name: 'Gold' } })
        .expect(200)
    ).body as GroupBody;
    expect(rebadged.data.brandMemberBadge).toEqual({ id: badgeId, ...vip, name: 'Gold' });
    const plain = await as(groups().key)
      .patch(`/member-groups/${id}`, { name: 'Regulars', brandMemberBadge: null })
      .expect(200);
    expect(plain.body).toEqual({ data: { id, name: 'Regulars', brandMemberBadge: null } });
    expect((await as(groups().key).get(`/member-groups/${id}`).expect(200)).body).toEqual(
      plain.body,
    );
    await as(groups().key).post('/member-groups', { name: 'Second' }).expect(201);
    const first = (await as(groups().key).get('/member-groups?limit=1').expect(200)).body as {
      data: { id: string }[];
      hasMore: boolean;
      nextCursor: string;
    };
    expect(first).toMatchObject({ hasMore: true, data: [{ id }] });
    const second: unknown = (
      await as(groups().key).get(`/member-groups?limit=1&after=${first.nextCursor}`).expect(200)
    ).body;
    expect(second).toMatchObject({ hasMore: false, nextCursor: null, data: [{ name: 'Second' }] });
  });

  it('deletes a group and removes it from every member’s groupIds', async () => {
    const keep = (
      (await as(groups().key).post('/member-groups', { name: 'Keep' }).expect(201))
        .body as GroupBody
    ).data.id;
    const doomed = (
      (await as(groups().key).post('/member-groups', { name: 'Doomed' }).expect(201))
        .body as GroupBody
    ).data.id;
    const members = await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        signUp(t(), groups().brandId, { email: `${n}@example.com`, firstName: n.toUpperCase() }),
      ),
    );
    for (const member of members) {
      await as(groups().key)
        .patch(`/members/${member.userId}`, { groupIds: [doomed, keep] })
        .expect(200);
    }
    expect((await as(groups().key).delete(`/member-groups/${doomed}`).expect(200)).body).toEqual({
      success: true,
    });
    for (const member of members) {
      expect(
        (await as(groups().key).get(`/members/${member.userId}`).expect(200)).body,
      ).toMatchObject({
        data: { groupIds: [keep] },
      });
    }
    const events = await readWholeLog(t().eventStore);
    expect(
      events.filter(
        (e) =>
          e.type === 'MemberGroupsReplaced' &&
          (e.data as { reason: string }).reason === 'groupDeleted',
      ),
    ).toHaveLength(3);
    await as(groups().key).get(`/member-groups/${doomed}`).expect(404);
    await as(groups().key).delete(`/member-groups/${doomed}`).expect(404);
    await as(groups().key)
      .patch(`/members/${members[0]!.userId}`, { groupIds: [doomed] })
      .expect(400);
  });

  it('lands 20 parallel renames of one group: each answers 200, each is in the log', async () => {
    const api = as(groups().key);
    const created = await api.post('/member-groups', { name: 'Racers' }).expect(201);
    const { id } = (created.body as { data: { id: string } }).data;
    const names = Array.from({ length: 20 }, (_, n) => `Racers ${n}`);
    const responses = await Promise.all(
      names.map((name) => api.patch(`/member-groups/${id}`, { name })),
    );
    expect(responses.map((response) => response.status)).toEqual(names.map(() => 200));
    const history = await t().eventStore.readStream(`memberGroup-${id}`);
    expect(history.filter((event) => event.type === 'MemberGroupUpdated')).toHaveLength(20);
  });

  it('hides other brands’ groups: 404 NOT_FOUND', async () => {
    const other = await brand(t(), { customAuth: false });
    const id = (
      (await as(other.key).post('/member-groups', { name: 'Theirs' }).expect(201)).body as GroupBody
    ).data.id;
    for (const request of [
      as(groups().key).get(`/member-groups/${id}`),
      as(groups().key).patch(`/member-groups/${id}`, { name: 'Mine now' }),
      as(groups().key).delete(`/member-groups/${id}`),
    ]) {
      expect(errorOf(await request.expect(404))).toEqual({
        message: 'Resource not found',
        code: 'NOT_FOUND',
        statusCode: 404,
      });
    }
  });
});

describe('scopes, spelled as SPEC §6 spells them', () => {
  it.each([
    ['member-groups:read', ['list', 'get']],
    ['member-groups:write', ['create']],
    ['member_groups:write', ['update', 'delete']],
  ])('%s allows exactly %j', async (scope, allowed) => {
    const scoped = await t().brandWithKey([scope]);
    const calls = {
      list: () => as(scoped.key).get('/member-groups'),
      get: () => as(scoped.key).get(`/member-groups/${unknownId}`),
      create: () => as(scoped.key).post('/member-groups', { name: 'G' }),
      update: () => as(scoped.key).patch(`/member-groups/${unknownId}`, { name: 'G' }),
      delete: () => as(scoped.key).delete(`/member-groups/${unknownId}`),
    };
    for (const [name, call] of Object.entries(calls)) {
      const response = await call();
      if (allowed.includes(name)) expect([200, 201, 404]).toContain(response.status);
      else expect(response.status).toBe(403);
    }
  });
});

describe('validation (SPEC §5): 400 naming the field, nothing written', () => {
  // A badge is `BrandMemberBadgeInput | null`: a badge object is checked as a badge, so the
  // failing property of the badge is named, never the badge as a whole.
  it.each<[string, object, string]>([
    ['no name', {}, '/name'],
    ['an empty name', { name: '' }, '/name'],
    ['a name of spaces', { name: '   ' }, '/name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, '/name'],
    [
      'a badge without name',
      { name: 'G', brandMemberBadge: { foregroundColor: '#fff', backgroundColor: '#000' } },
      '/brandMemberBadge/name',
    ],
    [
      'a badge without foregroundColor',
      { name: 'G', brandMemberBadge: { name: 'B', backgroundColor: '#000' } },
      '/brandMemberBadge/foregroundColor',
    ],
    [
      'a badge without backgroundColor',
      { name: 'G', brandMemberBadge: { name: 'B', foregroundColor: '#000' } },
      '/brandMemberBadge/backgroundColor',
    ],
    [
      'a colour that is not hex',
      { name: 'G', brandMemberBadge: { ...vip, foregroundColor: 'purple' } },
      '/brandMemberBadge/foregroundColor',
    ],
    [
      'a hex colour of 5 digits',
      { name: 'G', brandMemberBadge: { ...vip, backgroundColor: '#12345' } },
      '/brandMemberBadge/backgroundColor',
    ],
    [
      'a badge with an id',
      { name: 'G', brandMemberBadge: { ...vip, id: unknownId } },
      '/brandMemberBadge/id',
    ],
    ['an unknown field', { name: 'G', colour: 'red' }, '/colour'],
  ])('create with %s', async (_name, body, field) => {
    const before = await eventCount(t());
    const response = await as(groups().key).post('/member-groups', body).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([
        expect.objectContaining({
          field,
        }),
      ]) as unknown,
    });
    expect(await eventCount(t())).toBe(before);
  });

  it.each<[string, string, string]>([
    ['limit 0', '/member-groups?limit=0', '/limit'],
    ['limit 101', '/member-groups?limit=101', '/limit'],
    ['a foreign cursor', '/member-groups?after=bm9wZQ', '/after'],
    ['an id that is not a uuid', '/member-groups/vip', '/id'],
  ])('read with %s', async (_name, path, field) => {
    const response = await as(groups().key).get(path).expect(400);
    expect(response.body).toMatchObject({ details: [expect.objectContaining({ field })] });
  });

  it('update with a bad badge colour', async () => {
    const id = (
      (await as(groups().key).post('/member-groups', { name: 'Valid' }).expect(201))
        .body as GroupBody
    ).data.id;
    const before = await eventCount(t());
    const response = await as(groups().key)
      .patch(`/member-groups/${id}`, { brandMemberBadge: { ...vip, backgroundColor: 'red' } })
      .expect(400);
    expect(response.body).toMatchObject({
      details: expect.arrayContaining([
        expect.objectContaining({ field: '/brandMemberBadge/backgroundColor' }),
      ]) as unknown,
    });
    expect(await eventCount(t())).toBe(before);
  });
});
