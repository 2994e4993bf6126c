import { startWebhookProjector } from '@brand-api/api/testing';
import type { TestApp } from '@brand-api/api/testing';
import type { ProjectionStatus } from '@brand-api/contracts';
import type { ProjectionRunner } from '@brand-api/event-store';
import { eventually } from '@brand-api/event-store/testing';
import { createDeliverer, createNodeHttpClient, webhookMessageId } from '@brand-api/webhooks';
import { aMember, memberJoined, startWebhookReceiver } from '@brand-api/webhooks/testing';
import type { WebhookReceiver } from '@brand-api/webhooks/testing';
import { exitCodes } from './exit-codes';
import { startBrandctlHarness, unknownId } from './testing/brandctl-harness';
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
      expect(replayed.stdout).toBe('Queued 1 message(s) for delivery now: 1 failed, 0 pending.\n');
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
    const noChange = await brandctl(['webhooks', 'update', unknownId, 'x']);
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
      expect(unresolved.code).toBe(exitCodes.dataError);
      expect(unresolved.stderr).toMatch(
        /^Error: .* \(\w+, HTTP 400\)\n {2}body \/url \("https:\/\/hooks\.example\.invalid\/in"\): hooks\.example\.invalid does not resolve \(.*\bE[A-Z_]+\b.*\)\nCorrect what the server names above, then run the command again\.\n$/,
      );
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    }
    const unknown = await brandctl(['webhooks', 'list', unknownId]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(
      /^Error: Resource not found \(NOT_FOUND, HTTP 404\)\nCheck the ids on the command line/,
    );
  });

  it('replay without --since says what to pass, and exits 64 (usage)', async () => {
    const brandId = unknownId;
    const endpointId = '1c0ffee0-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
    const noSince = await brandctl(['webhooks', 'replay', brandId, endpointId]);
    expect(noSince).toMatchObject({ code: exitCodes.usage, stdout: '' });
    const said =
      'Pass --since <time>: replay sends the messages of events at or after that time, e.g. ' +
      `brandctl webhooks replay ${brandId} ${endpointId} --since 2025-03-01T00:00:00Z\n`;
    expect(noSince.stderr.slice(0, said.length)).toBe(said);
    expect(noSince.stderr).not.toContain('required option');
    const help = await brandctl(['webhooks', 'replay', '--help']);
    expect(help.stdout).toContain('failed and pending messages');
  });

  it('retry sends a pending message now: a running deliverer is woken, not left to its poll', async () => {
    const brandId = (await json<{ data: { id: string } }>(['brands', 'create', 'Retry'])).data.id;
    await json(['webhooks', 'create', brandId, receiver.url('/now')]);
    // Busy for an hour: the next attempt is then an hour away (Retry-After is honoured).
    receiver.plan('/now', () => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const member = aMember();
    const event = memberJoined(brandId, member);
    const messageId = webhookMessageId(event.id);
    const attempts = async () =>
      (
        await t.testDb.db.query<{ attempts: number; status: string }>(
          'SELECT attempts, status FROM webhook_deliveries WHERE message_id = $1',
          [messageId],
        )
      ).rows[0];
    const http = createNodeHttpClient({ policy: { allowPrivateTargets: true } });
    const deliverer = createDeliverer({
      db: t.testDb.db,
      store: t.eventStore,
      http,
      pollMs: 60_000,
    });
    await deliverer.start();
    try {
      const { position } = await t.eventStore.appendToStream(`member-${member.id}`, [event], {
        expectedVersion: 'no_stream',
      });
      expect(await projector.waitFor(position, 10_000)).toBe(true);
      await receiver.waitFor(1, { path: '/now' });
      await eventually(async () => (await attempts())?.attempts === 1);

      receiver.plan('/now', () => ({ status: 204 }));
      const sent = await brandctl(['webhooks', 'retry', messageId]);
      expect(sent).toEqual({
        code: 0,
        stdout: `Sending ${messageId} now to 1 endpoint(s).\n`,
        stderr: '',
      });
      // Well before the deliverer's next poll (a minute) and the next attempt (an hour).
      await receiver.waitFor(2, { path: '/now', timeoutMs: 5_000 });
      await eventually(async () => (await attempts())?.status === 'delivered');
    } finally {
      await deliverer.stop();
      http.close();
    }
    expect(receiver.receivedOn('/now').map((r) => r.id)).toEqual([messageId, messageId]);

    const again = await brandctl(['webhooks', 'retry', messageId]);
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: Message ${messageId} is already delivered to every endpoint (1): nothing to send (CONFLICT, HTTP 409)\n`,
    });
    const unknown = await brandctl(['webhooks', 'retry', `msg_${'A'.repeat(27)}`]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No webhook message msg_AAA');
    const malformed = await brandctl(['webhooks', 'retry', '12345']);
    expect(malformed).toMatchObject({ code: exitCodes.dataError, stdout: '' });
    expect(malformed.stderr).toContain('path /messageId: must be a webhook message id');
    const help = await brandctl(['webhooks', '--help']);
    expect(help.stdout).toMatch(/retry <messageId> +send a pending or failed message now/);
  });

  it('projections status shows the webhook projector: asynchronous, its position and lag', async () => {
    const brandId = (await json<{ data: { id: string } }>(['brands', 'create', 'Status'])).data.id;
    const member = aMember();
    const { position } = await t.eventStore.appendToStream(
      `member-${member.id}`,
      [memberJoined(brandId, member)],
      { expectedVersion: 'no_stream' },
    );
    expect(await projector.waitFor(position, 10_000)).toBe(true);
    const status = await json<{ head: { position: number }; data: ProjectionStatus[] }>([
      'projections',
      'status',
    ]);
    expect(status.data.find((p) => p.name === 'webhooks')).toMatchObject({
      mode: 'async',
      position: status.head.position,
      lagEvents: 0,
      rebuildable: false,
    });
    const text = await brandctl(['projections', 'status']);
    expect(text.stdout).toMatch(
      new RegExp(`\nwebhooks +[\\w-]+ +${status.head.position} +0 +\\S+ +0 +not rebuildable\n`),
    );
    const rebuild = await brandctl(['projections', 'rebuild', 'webhooks']);
    expect(rebuild).toMatchObject({ code: exitCodes.dataError, stdout: '' });
    expect(rebuild.stderr).toContain('is the webhook projector, not a read model');
  });

  it('says in its help that the URL may be http or https, and which setting allows local receivers', async () => {
    const help = await brandctl(['webhooks', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('http or https URL');
    expect(help.stdout).not.toMatch(/<url> +https URL/);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('WEBHOOK_ALLOW_PRIVATE_TARGETS=true');
  });
});
