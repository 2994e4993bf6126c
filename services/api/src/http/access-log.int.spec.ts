import { Writable } from 'node:stream';
import pino from 'pino';
import { adminAuth, createTestApp, testAdminToken } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

/** What the real pino logger wrote, line by line. */
const written: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let key: string;
let keyId: string;
let brandId: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { logger: pino({ level: 'info' }, destination) } });
  ({ key, keyId, brandId } = await t.brandWithKey(['members:read']));
});
afterAll(() => t.close());

type Line = Record<string, unknown>;
const accessLines = (requestId: string): Line[] =>
  written
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.msg === 'request' && line.requestId === requestId);

describe('the access log', () => {
  it('writes one info line per request: method, path, status, duration, request id, brand and key ids', async () => {
    const answer = await t.http
      .get('/api/v1/members?limit=5&group_id=0b6e1c2a-4d3f-4a5b-9c8d-7e6f5a4b3c2d')
      .set('authorization', `Bearer ${key}`)
      .expect(200);
    const lines = accessLines(answer.headers['x-request-id']!);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/v1/members',
      status: 200,
      brandId,
      apiKeyId: keyId,
    });
    expect(typeof line!.durationMs).toBe('number');
    expect(JSON.stringify(line)).not.toContain('0b6e1c2a');
  });

  it('logs refusals with the status they got, and never a key or a token', async () => {
    const refused = await t.http
      .get('/api/v1/members')
      .set('authorization', 'Bearer not-a-key-but-secret')
      .expect(401);
    expect(accessLines(refused.headers['x-request-id']!)).toEqual([
      expect.objectContaining({ status: 401, method: 'GET', path: '/api/v1/members' }),
    ]);
    const admin = await t.http.get('/admin/v1/brands').set('authorization', adminAuth).expect(200);
    const [line] = accessLines(admin.headers['x-request-id']!);
    expect(line).toMatchObject({ status: 200, path: '/admin/v1/brands' });
    expect(line).not.toHaveProperty('apiKeyId');
    const everything = written.join('\n');
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('not-a-key-but-secret');
    expect(everything).not.toContain(testAdminToken);
  });

  it('leaves out the query string, where a sign-in token travels', async () => {
    const answer = await t.http.get(`/community/v1/auth/magic-link?token=${'T'.repeat(43)}`);
    const [line] = accessLines(answer.headers['x-request-id']!);
    expect(line).toMatchObject({ path: '/community/v1/auth/magic-link', status: answer.status });
    expect(written.join('\n')).not.toContain('T'.repeat(43));
  });
});
