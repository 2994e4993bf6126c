import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTypeScript, type RuntimeChild } from '@brand-api/api/testing';
import { BrandApiClient } from '@brand-api/client';
import { Webhook } from 'standardwebhooks';
import { startLiveApp, type LiveApp } from '../testing/live-app';

jest.setTimeout(180_000);

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver as a brand writes it for production: standardwebhooks over the raw body. */
async function startReceiver(secret: () => string) {
  const verified: Array<{ id: string; event: { type: string; data: { email?: string } } }> = [];
  const refused: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = new Webhook(secret()).verify(body, request.headers as Record<string, string>);
        verified.push({ id: request.headers['webhook-id'] as string, event: event as never });
        response.writeHead(204).end();
      } catch {
        refused.push({ headers: request.headers, body });
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhook`, verified, refused, server };
}

describe('brand-api listen --forward-to', () => {
  let live: LiveApp;
  let stateDir: string;
  const children: RuntimeChild[] = [];
  let receiverServer: Server | undefined;
  afterAll(async () => {
    receiverServer?.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await live.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('forwards events signed with the secret it prints, and resumes where it stopped', async () => {
    live = await startLiveApp();
    const { key } = await live.brand({ customAuth: true });
    const client = new BrandApiClient({ apiKey: key, baseUrl: live.url });
    stateDir = await mkdtemp(path.join(tmpdir(), 'brand-api-listen-'));
    let secret = '';
    const receiver = await startReceiver(() => secret);
    receiverServer = receiver.server;
    const listen = () => {
      const child = spawnTypeScript(
        path.join(__dirname, '../testing/run-brand-api.ts'),
        ['listen', '--forward-to', receiver.url, '--state-file', path.join(stateDir, 'state.json')],
        { BRAND_API_KEY: key, BRAND_API_URL: live.url },
      );
      children.push(child);
      return child;
    };
    const join = (sub: string) =>
      client.magicLinks.create({
        customAuthSub: sub,
        email: `${sub}@example.com`,
        firstName: 'Ada',
      });

    const first = listen();
    secret = /Webhook signing secret: (whsec_\S+)/
      .exec(await first.waitForOutput(/Webhook signing secret: whsec_\S+/))![0]
      .split(': ')[1]!;
    await first.waitForOutput(/Connected to the event stream/);
    await join('ada');
    await first.waitForOutput(/user\.joined\s+msg_\S+\s+-> 204/);
    first.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // Written while nothing listens: the next run starts after the last event it forwarded.
    await join('grace');
    const saved = Object.values(
      JSON.parse(await readFile(path.join(stateDir, 'state.json'), 'utf8')) as Record<
        string,
        string
      >,
    );
    expect(saved).toEqual([expect.stringMatching(/^msg_/)]);
    const second = listen();
    await second.waitForOutput(new RegExp(`Resuming after ${saved[0]!}`));
    secret = /Webhook signing secret: (whsec_\S+)/.exec(second.output().stdout)![1]!;
    await second.waitForOutput(/user\.joined\s+msg_\S+\s+-> 204/);
    second.kill('SIGTERM');
    await second.exited;

    expect(receiver.refused).toEqual([]);
    expect(receiver.verified.map(({ event }) => event.data.email)).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
    // The same ids as the events feed (the webhook-id a real endpoint would get).
    const feed = [];
    for await (const event of client.events.all()) feed.push(event.id);
    expect(receiver.verified.map(({ id }) => id)).toEqual(feed);
  });

  it('says what is missing, with a usage exit code', async () => {
    const child = spawnTypeScript(path.join(__dirname, '../testing/run-brand-api.ts'), ['listen'], {
      BRAND_API_KEY: '',
    });
    children.push(child);
    expect((await child.exited).code).toBe(64);
    expect(child.output().stderr).toContain('--forward-to is required');
  });
});
