import { webhookEndpointStreamName } from '@brand-api/domain';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let brandId: string;
let endpointId: string;
const previousPolicy = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'false';
  t = await createTestApp();
  ({ brandId } = await t.brandWithKey(['posts:read']));
  const created = await t.http
    .post(`/admin/v1/brands/${brandId}/webhook-endpoints`)
    .set('authorization', adminAuth)
    .send({ url: 'https://93.184.216.34/brand-api' })
    .expect(201);
  endpointId = (created.body as { data: { id: string } }).data.id;
});
afterAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previousPolicy;
  await t.close();
});

const base = () => `/admin/v1/brands/${brandId}/webhook-endpoints`;
const register = (url: string) => t.http.post(base()).set('authorization', adminAuth).send({ url });
const move = (url: string) =>
  t.http.patch(`${base()}/${endpointId}`).set('authorization', adminAuth).send({ url });

/** IPv4 inside IPv6, however it is spelt, is the IPv4 address it carries. */
const privateInDisguise: [url: string, kind: string][] = [
  ['http://[::127.0.0.1]/', 'loopback'],
  ['http://[::7f00:1]/', 'loopback'],
  ['http://[0:0:0:0:0:0:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:7f00:1]/', 'loopback'],
  ['http://[::FFFF:7F00:0001]/', 'loopback'],
  ['http://[0000:0000:0000:0000:0000:ffff:7f00:0001]/', 'loopback'],
  ['http://[::ffff:0:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:0:7f00:1]/', 'loopback'],
  ['http://[64:ff9b::7f00:1]/', 'loopback'],
  ['http://[2002:7f00:1::]/', 'loopback'],
  ['http://[::10.0.0.1]/', 'private'],
  ['http://[::ffff:10.0.0.1]/', 'private'],
  ['http://[::ffff:a00:1]/', 'private'],
  ['http://[::ffff:c0a8:1]:8080/', 'private'],
  ['http://[::ac10:1]/', 'private'],
  ['http://[64:ff9b:1::a00:1]/', 'private (local-use NAT64)'],
  ['http://[::a9fe:a9fe]/latest/meta-data', 'link-local'],
  ['http://[::ffff:169.254.169.254]/latest/meta-data', 'link-local'],
  ['http://[::ffff:a9fe:a9fe]/latest/meta-data', 'link-local'],
  ['http://[2002:a9fe:a9fe::1]/', 'link-local'],
  ['http://[::ffff:0.0.0.0]/', 'unspecified'],
  ['http://[::ffff:6440:1]/', 'shared (carrier-grade NAT)'],
  ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo tunnel'],
  ['http://2130706433/', 'loopback'],
  ['http://0x7f000001/', 'loopback'],
  ['http://0177.0.0.1/', 'loopback'],
  ['http://127.1/', 'loopback'],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('webhook endpoint URLs', () => {
  it.each(privateInDisguise)(
    'refuses %s (%s) with 400 WEBHOOK_TARGET_NOT_ALLOWED, on create and on update',
    async (url, kind) => {
      for (const attempt of [register, move]) {
        const response = await attempt(url).expect(400);
        expect(response.body).toMatchObject({
          code: 'WEBHOOK_TARGET_NOT_ALLOWED',
          message: expect.stringContaining('WEBHOOK_ALLOW_PRIVATE_TARGETS=true') as string,
          details: [
            {
              field: '/url',
              message: expect.stringMatching(
                `is a ${escapeRegExp(kind)} address.*WEBHOOK_ALLOW_PRIVATE_TARGETS=true`,
              ) as string,
            },
          ],
        });
      }
    },
  );

  it.each([
    'http://127.0.0.1:65536/',
    'http://example.com:99999/hook',
    'http://[fe80::1%25eth0]/',
    'http://[::1/',
    'http://exa mple.com/',
  ])(
    'answers %j, which no URL parser accepts, with 400 VALIDATION_FAILED naming /url',
    async (url) => {
      for (const attempt of [register, move]) {
        const response = await attempt(url).expect(400);
        expect(response.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ location: 'body', field: '/url' }],
        });
      }
    },
  );

  it('records nothing for any refusal: the endpoint is as registered', async () => {
    const events = await t.eventStore.readStream(webhookEndpointStreamName(endpointId));
    expect(events.map((event) => event.type)).toEqual(['WebhookEndpointRegistered']);
  });
});
