import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { brand, createMagicLink, follow } from '../testing/community-kit';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://community.example.com' } });
  ({ key } = await brand(t, { customAuth: true }));
});
afterAll(() => t.close());

const bearer = () => `Bearer ${key}`;

/** One answer of each kind the API gives: success and failure, JSON, HTML, empty, redirect. */
const answers: [what: string, get: () => Promise<Response>][] = [
  ['GET /healthz', () => t.http.get('/healthz')],
  ['a list', () => t.http.get('/api/v1/members').set('authorization', bearer())],
  ['401 without a key', () => t.http.get('/api/v1/members')],
  ['404 of an unknown route', () => t.http.get('/nope')],
  ['405', () => t.http.put('/api/v1/members').set('authorization', bearer())],
  [
    '400 of a bad body',
    () => t.http.post('/api/v1/member-groups').set('authorization', bearer()).send({}),
  ],
  ['the operator API', () => t.http.get('/admin/v1/brands').set('authorization', adminAuth)],
  ['204 of sign-out', () => t.http.post('/community/v1/auth/sign-out')],
  [
    '302 of a magic link',
    async () =>
      follow(
        t,
        (
          await createMagicLink(t, key, {
            customAuthSub: 'hdr',
            email: 'h@example.com',
            firstName: 'H',
          })
        ).magicLink,
      ),
  ],
  [
    'the sign-in error page',
    () =>
      t.http
        .get(`/community/v1/auth/magic-link?token=${'A'.repeat(43)}`)
        .set('accept', 'text/html'),
  ],
  [
    'HEAD of a magic link',
    () => t.http.head(`/community/v1/auth/magic-link?token=${'A'.repeat(43)}`),
  ],
];

describe('security headers', () => {
  it.each(answers)(
    '%s has nosniff and a content policy that allows nothing by default',
    async (_what, get) => {
      const response = await get();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
    },
  );

  it('lets the sign-in error page use its own inline style and nothing else', async () => {
    const page = await t.http
      .get(`/community/v1/auth/magic-link?token=${'A'.repeat(43)}`)
      .set('accept', 'text/html')
      .expect(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
    expect(page.text).not.toMatch(/<script/i);
  });
});
