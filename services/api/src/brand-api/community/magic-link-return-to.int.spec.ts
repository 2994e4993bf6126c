import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { bearer, brand, createMagicLink, eventCount, follow } from '../../testing/community-kit';

jest.setTimeout(120_000);

/** MEMBERS_URL: where a redeemed link lands, followed by its returnTo. */
const members = 'https://community.example.com';
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { publicUrl: 'https://api.example.com', membersUrl: members },
  });
  ({ key } = await brand(t, { customAuth: true }));
});
afterAll(() => t.close());

const link = (returnTo: string) =>
  t.http.post('/api/v1/magic-link').set('authorization', bearer(key)).send({
    customAuthSub: 'auth0|return-to',
    email: 'return-to@example.com',
    firstName: 'Ret',
    returnTo,
  });

/**
 * Each of these, followed by a browser as the redirect after sign-in, would land on
 * evil.example: the URL parser turns dot segments (`.`, `..`, `%2e`), backslashes, tabs and
 * newlines into a path starting with `//`, or into another host altogether.
 */
const leavesTheSite = [
  '//evil.example/x',
  '/\\evil.example',
  '/\\\\evil.example',
  '/\\/evil.example',
  '/.//evil.example/x',
  '/..//evil.example/x',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/x/..//evil.example',
  '/x/%2e%2e//evil.example',
  '/./%2e/.//evil.example',
  '/./\\evil.example',
  '/.\\/evil.example',
  '/x/..\\/evil.example',
  '/x/..\\\\evil.example',
  '/.%2E/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/.\t//evil.example',
  '/\t\\evil.example',
];

describe('POST /magic-link refuses a returnTo that would leave the site', () => {
  it.each(leavesTheSite)('%j: 400 naming /returnTo, nothing written', async (returnTo) => {
    const before = await eventCount(t);
    const response = await link(returnTo).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const { details } = response.body as { details: { location: string; field: string }[] };
    expect(details).toContainEqual(
      expect.objectContaining({ location: 'body', field: '/returnTo' }),
    );
    expect(await eventCount(t)).toBe(before);
  });
});

describe('POST /magic-link keeps a returnTo that stays on the site', () => {
  it.each([
    ['/rooms/general', '/rooms/general'],
    ['/a/../b', '/b'],
    ['/..', '/'],
    ['/a//b', '/a//b'],
    ['/%2e\\evil.example', '/evil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    ['/..%2f..%2fevil.example', '/..%2f..%2fevil.example'],
    ['/ /x', '/%20/x'],
    ['/?next=//evil.example', '/?next=//evil.example'],
    ['/#//evil.example', '/#//evil.example'],
  ])('%j redirects to %j', async (returnTo, location) => {
    const response = await link(returnTo).expect(200);
    const { magicLink } = response.body as { magicLink: string };
    expect((await follow(t, magicLink).expect(302)).headers.location).toBe(`${members}${location}`);
  });
});

describe('redeeming a link stored before returnTo was checked', () => {
  it('lands on / instead of another host', async () => {
    const { magicLink, userId } = await createMagicLink(t, key, {
      customAuthSub: 'auth0|old-link',
      email: 'old@example.com',
      firstName: 'Old',
      returnTo: '/rooms',
    });
    // As the log holds it for a link issued by an older version.
    await t.testDb.db.query(
      `UPDATE events SET data = jsonb_set(data, '{returnTo}', '"/.//evil.example/x"')
        WHERE type = 'MagicLinkIssued' AND data->>'memberId' = $1`,
      [userId],
    );
    expect((await follow(t, magicLink).expect(302)).headers.location).toBe(`${members}/`);
  });
});
