import { startWebhookProjector } from '@brand-api/api/testing';
import type { TestApp } from '@brand-api/api/testing';
import type { ProjectionRunner } from '@brand-api/event-store';
import { createDeliverer, createNodeHttpClient } from '@brand-api/webhooks';
import { aMember, memberJoined, startWebhookReceiver } from '@brand-api/webhooks/testing';
import type { WebhookReceiver } from '@brand-api/webhooks/testing';
import { startBrandctlHarness } from './testing/brandctl-harness';
import type { BrandctlHarness } from './testing/brandctl-harness';

jest.setTimeout(60_000);

let harness: BrandctlHarness;
let t: TestApp;
let projector: ProjectionRunner;
let receiver: WebhookReceiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
  harness = await startBrandctlHarness();
  t = harness.testApp;
  projector = await startWebhookProjector(t);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  await receiver.close();
  await projector.stop();
  await harness.close();
});

const brandctl = (args: string[]) => harness.brandctl(args);

const json = async <T>(args: string[]): Promise<T> => {
  const result = await brandctl(['--json', ...args]);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as T;
};

describe('brandctl webhooks', () => {
  it('creates, lists, updates, rotates, and shows attempts and messages, then replays', async () => {
    const brand = await json<{ data: { id: string } }>(['brands', 'create', 'Hooks']);
    const brandId = brand.data.id;

    const human = await brandctl([
      'webhooks',
      'create',
      brandId,
      receiver.url('/cli'),
      '--events',
      'user.joined',
    ]);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toMatch(
      /^Registered webhook endpoint\nid: +[0-9a-f-]{36}\nurl: +http:\/\/127\.0\.0\.1:\d+\/cli\nevents: +user\.joined\nstate: +enabled\nsecret: +whsec_\S+\nKeep the secret now/,
    );
    const created = await json<{ data: { id: string; secret: string } }>([
      'webhooks',
      'create',
      brandId,
      receiver.url('/cli2'),
    ]);
    const id = created.data.id;

    const listed = await json<{ data: { id: string; eventTypes: string[] | null }[] }>([
      'webhooks',
      'list',
      brandId,
    ]);
    expect(listed.data.map((e) => e.eventTypes)).toEqual([['user.joined'], null]);
    expect((await brandctl(['webhooks', 'list', brandId])).stdout).toContain('events:  all');

    const updated = await json<{ data: { url: string; eventTypes: string[]; enabled: boolean } }>([
      'webhooks',
      'update',
      brandId,
      id,
      '--events',
      'user.joined,post.created',
      '--disable',
    ]);
    expect(updated.data).toMatchObject({
      eventTypes: ['user.joined', 'post.created'],
      enabled: false,
    });
    await json(['webhooks', 'update', brandId, id, '--all-events', '--enable']);
    const shown = await brandctl(['webhooks', 'get', brandId, id]);
    expect(shown.stdout).toContain('events:  all\nstate:   enabled');

    const rotated = await brandctl(['webhooks', 'rotate-secret', brandId, id]);
    expect(rotated.stdout).toMatch(
      /^New secret: whsec_\S+\nMessages carry signatures with both secrets until \S+Z\.\n$/,
    );

    receiver.plan('/cli2', () => ({ status: 503, body: 'busy' }));
    const member = aMember();
    const { position } = await t.eventStore.appendToStream(
      `member-${member.id}`,
      [memberJoined(brandId, member, new Date('2025-05-01T00:00:00Z'))],
      { expectedVersion: 'no_stream' },
    );
    expect(await projector.waitFor(position, 10_000)).toBe(true);
    let now = new Date(Date.now() + 1_000);
    const http = createNodeHttpClient({ policy: { allowPrivateTargets: true } });
    const deliverer = createDeliverer({
      db: t.testDb.db,
      store: t.eventStore,
      http,
      clock: () => now,
    });
    try {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        await deliverer.deliverDue();
        now = new Date(now.getTime() + 11 * 3600 * 1000);
      }
      const attempts = await brandctl(['webhooks', 'attempts', brandId, id, '--limit', '2']);
      expect(attempts.stdout).toMatch(
        / msg_\S+ +#8 +503 +failed +\d+ ms +HTTP 503 \(attempt 8, the last\)\n/,
      );
      expect(attempts.stdout).toMatch(/\nMore: --cursor \S+\n$/);
      const failed = await brandctl(['webhooks', 'messages', brandId, id, '--status', 'failed']);
      expect(failed.stdout).toMatch(
        /^2025-05-01T00:00:00\.000Z +msg_\S+ +user\.joined +failed +8 attempt\(s\)/,
      );

      receiver.plan('/cli2', () => ({ status: 200 }));
      const replayed = await brandctl(['webhooks', 'replay', brandId, id, '--since', '2025-04-01']);
      expect(replayed.stdout).toBe('Queued 1 failed message(s) for delivery.\n');
      expect(await deliverer.deliverDue()).toMatchObject({ delivered: 1 });
    } finally {
      http.close();
    }
    const delivered = await json<{ data: { status: string }[] }>([
      'webhooks',
      'messages',
      brandId,
      id,
      '--status',
      'delivered',
    ]);
    expect(delivered.data).toHaveLength(1);
  });

  it('reports bad options and API errors', async () => {
    const noChange = await brandctl([
      'webhooks',
      'update',
      '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
      'x',
    ]);
    expect(noChange.code).not.toBe(0);
    expect(noChange.stderr).toContain('Nothing to update');
    const badEvent = await brandctl([
      'webhooks',
      'create',
      'b',
      'https://x.example',
      '--events',
      'user.left',
    ]);
    expect(badEvent.stderr).toContain('event types are user.joined');
    // The server's details say why the URL is refused; the message alone does not.
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    try {
      const brand = await json<{ data: { id: string } }>(['brands', 'create', 'Unresolved']);
      const unresolved = await brandctl([
        'webhooks',
        'create',
        brand.data.id,
        'https://hooks.example.invalid/in',
      ]);
      expect(unresolved.code).toBe(1);
      expect(unresolved.stderr).toMatch(
        /^Error: .* \(\w+, HTTP 400\)\n {2}body \/url \("https:\/\/hooks\.example\.invalid\/in"\): hooks\.example\.invalid does not resolve \(.*\bE[A-Z_]+\b.*\)\n$/,
      );
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    }
    const unknown = await brandctl(['webhooks', 'list', '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b']);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'Error: Resource not found (NOT_FOUND, HTTP 404)\n',
    });
  });

  it('says in its help that the URL may be http or https, and which setting allows local receivers', async () => {
    const help = await brandctl(['webhooks', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('http or https URL');
    expect(help.stdout).not.toMatch(/<url> +https URL/);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('WEBHOOK_ALLOW_PRIVATE_TARGETS=true');
  });
});
