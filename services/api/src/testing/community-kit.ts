/**
 * Shared steps of the community tests, all through HTTP (the operator API, the Brand API and
 * the community API). Not a test file itself: no tier suffix, and excluded from the build.
 */
import { scopes } from '@brand-api/contracts';
import type { Response, Test } from 'supertest';
import { errorOf } from './error-body';
import { adminAuth, useTestApp } from './test-app';
import type { TestApp } from './test-app';

export const bearer = (key: string) => `Bearer ${key}`;

/** Every scope but the catalogue's. */
export const everyCommunityScope = scopes.filter((scope) => !scope.startsWith('brand_products:'));

/** Rows in the event log: a refused request must leave it as it was. */
export function eventCount(t: TestApp): Promise<number> {
  return t.eventStore.countEvents();
}

/**
 * Sends a request the API must refuse and checks the refusal: the status and the error body
 * exactly (without its requestId), and an event log left as it was.
 */
export async function expectRefused(
  t: TestApp,
  request: () => Test,
  error: { message: string; code: string; statusCode: number; details?: unknown[] },
): Promise<void> {
  const before = await eventCount(t);
  const response = await request().expect(error.statusCode);
  expect(errorOf(response)).toEqual(error);
  expect(await eventCount(t)).toBe(before);
}

export interface BrandOptions {
  customAuth: boolean;
  scopes?: readonly string[];
  name?: string;
}

export interface TestBrand {
  brandId: string;
  key: string;
  keyId: string;
}

/** A brand with a key, custom auth switched on or off by the operator. */
export async function brand(t: TestApp, options: BrandOptions): Promise<TestBrand> {
  const created = await t.brandWithKey(options.scopes ?? everyCommunityScope, options.name);
  if (options.customAuth) {
    await t.http
      .patch(`/admin/v1/brands/${created.brandId}`)
      .set('authorization', adminAuth)
      .send({ customAuthEnabled: true })
      .expect(200);
  }
  return created;
}

/**
 * The calling spec file's test app (`useTestApp`) and the brands `brands` names, made on it
 * (see `brand`) before the file's tests: `t()` is the app, and each name's function its brand.
 */
export function useBrands<Name extends string>(
  brands: Record<Name, BrandOptions>,
  appOptions: Parameters<typeof useTestApp>[0] = {},
): { t: () => TestApp } & Record<Name, () => TestBrand> {
  const t = useTestApp(appOptions);
  const made = new Map<string, TestBrand>();
  beforeAll(async () => {
    for (const [name, options] of Object.entries<BrandOptions>(brands)) {
      made.set(name, await brand(t(), options));
    }
  });
  const getters = Object.keys(brands).map((name) => [
    name,
    () => {
      const found = made.get(name);
      if (!found) throw new Error(`the brand ${name} is made in beforeAll: use it in a test`);
      return found;
    },
  ]);
  return { t, ...Object.fromEntries(getters) } as { t: () => TestApp } & Record<
    Name,
    () => TestBrand
  >;
}

export async function createRoom(t: TestApp, brandId: string, name = 'General'): Promise<string> {
  const response = await t.http
    .post(`/admin/v1/brands/${brandId}/rooms`)
    .set('authorization', adminAuth)
    .send({ name })
    .expect(201);
  return (response.body as { data: { id: string } }).data.id;
}

/** An operator sets a member's role (the only way to make moderators and admins). */
export async function setMemberRole(
  t: TestApp,
  brandId: string,
  memberId: string,
  role: 'ADMIN' | 'MODERATOR' | 'CUSTOMER',
): Promise<Record<string, unknown>> {
  const response = await t.http
    .patch(`/admin/v1/brands/${brandId}/members/${memberId}`)
    .set('authorization', adminAuth)
    .send({ role })
    .expect(200);
  return (response.body as { data: Record<string, unknown> }).data;
}

export async function createMagicLink(
  t: TestApp,
  key: string,
  body: Record<string, unknown>,
): Promise<{ magicLink: string; userId: string }> {
  const response = await t.http
    .post('/api/v1/magic-link')
    .set('authorization', bearer(key))
    .send(body);
  expect(response.status).toBe(200);
  return response.body as { magicLink: string; userId: string };
}

/** Follows a magic link as a browser would (path and query on this server). */
export function follow(t: TestApp, magicLink: string) {
  const url = new URL(magicLink);
  return t.http.get(`${url.pathname}${url.search}`).set('accept', 'text/html');
}

/** `community_session=…` from a response's Set-Cookie, to send back as a Cookie header. */
export function sessionCookie(response: Response): string {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((value) => value.startsWith('community_session='));
  if (!cookie) throw new Error(`no session cookie in ${response.status} response`);
  return cookie.split(';')[0]!;
}

/** Signs a custom-auth user in through a magic link; their member is created on first use. */
export async function signIn(
  t: TestApp,
  key: string,
  customAuthSub: string,
  details: Record<string, unknown> = {},
): Promise<{ cookie: string; userId: string }> {
  const link = await createMagicLink(t, key, {
    customAuthSub,
    email: `${customAuthSub.replace(/\W/g, '')}@example.com`,
    firstName: 'Ada',
    ...details,
  });
  const redeemed = await follow(t, link.magicLink).expect(302);
  return { cookie: sessionCookie(redeemed), userId: link.userId };
}

/** Signs up to a brand without custom auth. */
export async function signUp(
  t: TestApp,
  brandId: string,
  body: { email: string; firstName: string; lastName?: string },
): Promise<{ cookie: string; userId: string; username: string }> {
  const response = await t.http
    .post(`/community/v1/brands/${brandId}/sign-up`)
    .send(body)
    .expect(201);
  const { data } = response.body as { data: { id: string; username: string } };
  return { cookie: sessionCookie(response), userId: data.id, username: data.username };
}

export async function createPost(
  t: TestApp,
  cookie: string,
  roomId: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string }> {
  const response = await t.http
    .post(`/community/v1/rooms/${roomId}/posts`)
    .set('cookie', cookie)
    .send({ type: 'TEXT', title: 'Hello', contentHtml: '<p>Hi all</p>', ...body })
    .expect(201);
  return (response.body as { data: Record<string, unknown> & { id: string } }).data;
}
