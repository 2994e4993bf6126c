import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { bearer, brand, eventCount, setMemberRole, signUp } from '../../testing/community-kit';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(120_000);

let t: TestApp;
let open: { brandId: string; key: string };
let other: { brandId: string; key: string };
let member: { userId: string };

beforeAll(async () => {
  t = await createTestApp();
  open = await brand(t, { customAuth: false, name: 'Open' });
  other = await brand(t, { customAuth: false, name: 'Other' });
  member = await signUp(t, open.brandId, { email: 'grace@example.com', firstName: 'Grace' });
});
afterAll(() => t.close());

const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
const patchRole = (brandId: string, memberId: string, body: unknown, auth = adminAuth) =>
  t.http
    .patch(`/admin/v1/brands/${brandId}/members/${memberId}`)
    .set('authorization', auth)
    .send(body as object);
const roleChanges = async () =>
  (await readWholeLog(t.eventStore)).filter((event) => event.type === 'MemberRoleChanged');

describe('PATCH /admin/v1/brands/{brandId}/members/{memberId} (operators set roles)', () => {
  it('makes a moderator, answers the member, and the Brand API shows the role at once', async () => {
    const response = await patchRole(open.brandId, member.userId, { role: 'MODERATOR' }).expect(
      200,
    );
    expect(response.body).toEqual({
      data: {
        id: member.userId,
        username: 'grace',
        firstName: 'Grace',
        lastName: null,
        email: 'grace@example.com',
        isEmailVerified: false,
        isBanned: false,
        role: 'MODERATOR',
        groupIds: [],
      },
    });
    const listed = await t.http
      .get(`/api/v1/members/${member.userId}`)
      .set('authorization', bearer(open.key))
      .expect(200);
    expect(listed.body).toMatchObject({ data: { role: 'MODERATOR' } });
    const [changed] = await roleChanges();
    expect(changed).toMatchObject({
      streamName: `member-${member.userId}`,
      data: { memberId: member.userId, role: 'MODERATOR', previousRole: 'CUSTOMER' },
      metadata: {
        brandId: open.brandId,
        actor: { kind: 'operator', id: 'admin', name: 'operator' },
        requestId: response.headers['x-request-id'] as string,
      },
    });
  });

  it('changes nothing when the member already has the role, and moves on to admin', async () => {
    const before = (await roleChanges()).length;
    await patchRole(open.brandId, member.userId, { role: 'MODERATOR' }).expect(200);
    expect(await roleChanges()).toHaveLength(before);
    expect(await setMemberRole(t, open.brandId, member.userId, 'ADMIN')).toMatchObject({
      role: 'ADMIN',
    });
    expect((await roleChanges()).at(-1)).toMatchObject({
      data: { role: 'ADMIN', previousRole: 'MODERATOR' },
    });
  });

  it.each<[string, () => string, () => string, number, string]>([
    ['an unknown member', () => open.brandId, () => unknownId, 404, 'NOT_FOUND'],
    ["another brand's member", () => other.brandId, () => member.userId, 404, 'NOT_FOUND'],
    ['an unknown brand', () => unknownId, () => member.userId, 404, 'NOT_FOUND'],
  ])('answers %s with %i, writing nothing', async (_name, brandId, memberId, status, code) => {
    const before = await eventCount(t);
    const response = await patchRole(brandId(), memberId(), { role: 'MODERATOR' }).expect(status);
    expect(response.body).toMatchObject({ code, statusCode: status });
    expect(await eventCount(t)).toBe(before);
  });

  it.each<[string, unknown, string, string]>([
    [
      'a role that does not exist',
      { role: 'OWNER' },
      '/role',
      'must be one of "ADMIN", "MODERATOR", "CUSTOMER"',
    ],
    [
      'a lower-case role',
      { role: 'admin' },
      '/role',
      'must be one of "ADMIN", "MODERATOR", "CUSTOMER"',
    ],
    ['no role', {}, '/role', 'is required'],
    [
      'another field',
      { role: 'ADMIN', isBanned: true },
      '/isBanned',
      'is not allowed; the fields are role',
    ],
  ])(
    'refuses %s with 400 naming the field, writing nothing',
    async (_name, body, field, message) => {
      const before = await eventCount(t);
      const response = await patchRole(open.brandId, member.userId, body).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ location: 'body', field, message }],
      });
      expect(await eventCount(t)).toBe(before);
    },
  );

  it('is for operators only: a missing or wrong token, or a brand API key, is refused', async () => {
    const before = await eventCount(t);
    await t.http
      .patch(`/admin/v1/brands/${open.brandId}/members/${member.userId}`)
      .send({ role: 'ADMIN' })
      .expect(401);
    await patchRole(open.brandId, member.userId, { role: 'ADMIN' }, bearer(open.key)).expect(401);
    expect(await eventCount(t)).toBe(before);
  });
});
