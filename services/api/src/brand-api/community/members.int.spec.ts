import { brandApiClient } from '../../testing/brand-api-client';
import { errorOf } from '../../testing/error-body';
import {
  bearer,
  eventCount,
  expectRefused,
  signIn,
  signUp,
  useBrands,
} from '../../testing/community-kit';

jest.setTimeout(120_000);

const { t, open, sso } = useBrands({
  /** A brand without custom auth: members sign up. */
  open: { customAuth: false, name: 'Open' },
  /** A brand with custom auth: members arrive through magic links. */
  sso: { customAuth: true, name: 'SSO' },
});

const api = (key: string) => brandApiClient(t, () => key);

const newGroup = async (key: string, name: string) =>
  ((await api(key).post('/member-groups', { name }).expect(201)).body as { data: { id: string } })
    .data.id;

const notFound = { message: 'Resource not found', code: 'NOT_FOUND', statusCode: 404 };
const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';

describe('usernames', () => {
  it('are generated from the name, unique within the brand, and stable', async () => {
    const first = await signUp(t(), open().brandId, {
      email: 'ada1@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const second = await signUp(t(), open().brandId, {
      email: 'ada2@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const elsewhere = await signIn(t(), sso().key, 'auth0|ada', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(first.username).toBe('ada-lovelace');
    expect(second.username).toBe('ada-lovelace-2');
    const other = (await api(sso().key).get(`/members/${elsewhere.userId}`).expect(200)).body as {
      data: { username: string };
    };
    expect(other.data.username).toBe('ada-lovelace');
    // A later change of name (through a magic link) keeps the username.
    await signIn(t(), sso().key, 'auth0|ada', { firstName: 'Augusta' });
    expect(
      (await api(sso().key).get(`/members/${elsewhere.userId}`).expect(200)).body,
    ).toMatchObject({
      data: { firstName: 'Augusta', username: 'ada-lovelace' },
    });
  });

  it('stay unique when many members with one name join at once', async () => {
    const joined = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        signUp(t(), open().brandId, { email: `grace${index}@example.com`, firstName: 'Grace' }),
      ),
    );
    const usernames = joined.map((member) => member.username);
    expect(new Set(usernames).size).toBe(8);
    expect(usernames).toContain('grace');
  });
});

describe('GET /members and /members/{id}', () => {
  it('walks every member of the brand once with limit and after, and filters by group_id', async () => {
    const group = await newGroup(open().key, 'Walkers');
    const all: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (
        await api(open().key)
          .get(`/members?limit=3${after ? `&after=${after}` : ''}`)
          .expect(200)
      ).body as { data: { id: string }[]; hasMore: boolean; nextCursor: string | null };
      all.push(...page.data.map((member) => member.id));
      if (!page.hasMore) break;
      after = page.nextCursor!;
    }
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    for (const id of [all[1]!, all[4]!]) {
      await api(open().key)
        .patch(`/members/${id}`, { groupIds: [group] })
        .expect(200);
    }
    const inGroup = (await api(open().key).get(`/members?group_id=${group}&limit=1`).expect(200))
      .body as {
      data: { id: string; groupIds: string[] }[];
      hasMore: boolean;
      nextCursor: string;
    };
    expect(inGroup.data.map((m) => m.id)).toEqual([all[1]]);
    expect(inGroup.data[0]!.groupIds).toEqual([group]);
    const next = (
      await api(open().key)
        .get(`/members?group_id=${group}&limit=1&after=${inGroup.nextCursor}`)
        .expect(200)
    ).body as { data: { id: string }[]; hasMore: boolean };
    expect(next.data.map((m) => m.id)).toEqual([all[4]]);
    expect(next.hasMore).toBe(false);
  });

  it('answers 404 NOT_FOUND for an unknown member and for another brand’s member', async () => {
    const member = await signUp(t(), open().brandId, {
      email: 'mine@example.com',
      firstName: 'Mine',
    });
    expect(errorOf(await api(open().key).get(`/members/${unknownId}`).expect(404))).toEqual(
      notFound,
    );
    expect(errorOf(await api(sso().key).get(`/members/${member.userId}`).expect(404))).toEqual(
      notFound,
    );
    expect(
      errorOf(
        await api(sso().key).patch(`/members/${member.userId}`, { isBanned: true }).expect(404),
      ),
    ).toEqual(notFound);
    expect((await api(sso().key).get('/members?limit=100').expect(200)).body).not.toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id: member.userId })]) as unknown,
    });
  });
});

describe('PATCH /members/{id}', () => {
  it('bans and unbans, and replaces groups with groupIds', async () => {
    const member = await signUp(t(), open().brandId, {
      email: 'patch@example.com',
      firstName: 'Pat',
    });
    const [a, b, c] = [
      await newGroup(open().key, 'A'),
      await newGroup(open().key, 'B'),
      await newGroup(open().key, 'C'),
    ];
    await api(open().key)
      .patch(`/members/${member.userId}`, { groupIds: [a, b] })
      .expect(200);
    const replaced = await api(open().key)
      .patch(`/members/${member.userId}`, { groupIds: [c], isBanned: true })
      .expect(200);
    expect(replaced.body).toMatchObject({
      data: { id: member.userId, groupIds: [c], isBanned: true },
    });
    expect((await api(open().key).get(`/members/${member.userId}`).expect(200)).body).toMatchObject(
      {
        data: { groupIds: [c], isBanned: true },
      },
    );
    const unbanned = await api(open().key)
      .patch(`/members/${member.userId}`, { isBanned: false, groupIds: [] })
      .expect(200);
    expect(unbanned.body).toMatchObject({ data: { groupIds: [], isBanned: false } });
  });

  it('refuses unknown group ids with 400 naming them, writing nothing', async () => {
    const member = await signUp(t(), open().brandId, {
      email: 'groups@example.com',
      firstName: 'Gus',
    });
    const known = await newGroup(open().key, 'Known');
    const foreign = await newGroup(sso().key, 'Foreign');
    await expectRefused(
      t(),
      () =>
        api(open().key).patch(`/members/${member.userId}`, {
          isBanned: true,
          groupIds: [known, unknownId, foreign],
        }),
      {
        message: `Unknown member group ids: ${unknownId}, ${foreign}`,
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        details: [
          {
            location: 'body',
            field: '/groupIds/1',
            message: `unknown member group '${unknownId}'`,
          },
          { location: 'body', field: '/groupIds/2', message: `unknown member group '${foreign}'` },
        ],
      },
    );
  });

  it('lets only custom-auth brands set isEmailVerified: 403 EMAIL_VERIFICATION_NOT_ALLOWED otherwise', async () => {
    const member = await signUp(t(), open().brandId, {
      email: 'verify@example.com',
      firstName: 'Vera',
    });
    await expectRefused(
      t(),
      () =>
        api(open().key).patch(`/members/${member.userId}`, {
          isEmailVerified: true,
          isBanned: true,
        }),
      {
        message: 'isEmailVerified can only be set by brands using custom authentication',
        code: 'EMAIL_VERIFICATION_NOT_ALLOWED',
        statusCode: 403,
      },
    );
    const ssoMember = await signIn(t(), sso().key, 'auth0|vera');
    const verified = await api(sso().key)
      .patch(`/members/${ssoMember.userId}`, { isEmailVerified: true })
      .expect(200);
    expect(verified.body).toMatchObject({ data: { isEmailVerified: true } });
  });

  it('needs members:write; reading needs members:read', async () => {
    const reader = await t().brandWithKey(['members:read']);
    await t()
      .http.patch(`/api/v1/members/${unknownId}`)
      .set('authorization', bearer(reader.key))
      .send({})
      .expect(403);
    const writer = await t().brandWithKey(['members:write']);
    await t().http.get('/api/v1/members').set('authorization', bearer(writer.key)).expect(403);
  });
});

describe('validation (SPEC §5): 400 naming the field, nothing written', () => {
  let memberId: string;
  beforeAll(async () => {
    memberId = (await signUp(t(), open().brandId, { email: 'valid@example.com', firstName: 'Val' }))
      .userId;
  });

  it.each<[string, () => string, string]>([
    ['limit 0', () => '/members?limit=0', '/limit'],
    ['limit 101', () => '/members?limit=101', '/limit'],
    ['limit not a number', () => '/members?limit=ten', '/limit'],
    ['a cursor the API did not make', () => '/members?after=bm9wZQ', '/after'],
    ['group_id not a uuid', () => '/members?group_id=vip', '/group_id'],
    ['an unknown query parameter', () => '/members?sort=name', '/sort'],
    ['a member id that is not a uuid', () => '/members/42', '/id'],
  ])('GET %s', async (_name, path, field) => {
    const response = await api(open().key).get(path()).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field })],
    });
  });

  it.each<[string, object, string]>([
    ['isBanned not a boolean', { isBanned: 'yes' }, '/isBanned'],
    ['isEmailVerified not a boolean', { isEmailVerified: 1 }, '/isEmailVerified'],
    ['groupIds not an array', { groupIds: 'a' }, '/groupIds'],
    ['a group id that is not a uuid', { groupIds: ['vip'] }, '/groupIds/0'],
    ['a group id twice', { groupIds: [unknownId, unknownId] }, '/groupIds'],
    ['an unknown field', { role: 'ADMIN' }, '/role'],
  ])('PATCH with %s', async (_name, body, field) => {
    const before = await eventCount(t());
    const response = await api(open().key).patch(`/members/${memberId}`, body).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([expect.objectContaining({ field })]) as unknown,
    });
    expect(await eventCount(t())).toBe(before);
  });
});
