import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describeOnServer } from '@brand-api/event-store/testing';
import {
  adminTokenOf,
  demoKeyOf,
  runtimeUrlOf,
  spawnBrandApi,
  stopRuntime,
  useRuntimesOnTestDatabase,
} from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';
import { exitCodes } from './exit-codes';

jest.setTimeout(180_000);

const missingKey = { message: 'Missing API key', code: 'UNAUTHORIZED', statusCode: 401 };

describe('brand-api on the embedded database', () => {
  let dataDir: string;
  const children: RuntimeChild[] = [];
  const start = (args: string[], env: Record<string, string> = {}) => {
    const child = spawnBrandApi(args, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-e2e-'));
  });
  afterAll(async () => {
    await Promise.all(children.map(stopRuntime));
    await rm(dataDir, { recursive: true, force: true });
  });

  let adminToken: string;
  let demoKey: string;

  it('starts, prints the admin token and a demo key once, and serves', async () => {
    const first = start(['all']);
    const url = await runtimeUrlOf(first);
    await first.waitForOutput(/Demo API key: bk_live_/);
    const { stdout } = first.output();
    adminToken = adminTokenOf(stdout)!;
    demoKey = demoKeyOf(stdout)!;
    expect(adminToken).toMatch(/^bka_[0-9A-Za-z]{40}$/);
    expect(demoKey).toMatch(/^bk_live_[0-9A-Za-z]{40}$/);
    // The slow steps of a first start say what they do before they do it.
    const steps = ['creating the embedded database', 'database open', 'applying the migrations'];
    const at = steps.map((step) => stdout.indexOf(`"msg":"${step}`));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    const unauthenticated = await fetch(`${url}/api/v1/members`);
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({
      ...missingKey,
      requestId: unauthenticated.headers.get('x-request-id'),
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // The demo key has every scope: no call is refused for authentication or scope.
    const withKey = await fetch(`${url}/api/v1/posts`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    expect([401, 403]).not.toContain(withKey.status);
    const brands = await fetch(`${url}/admin/v1/brands`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(((await brands.json()) as { data: { name: string }[] }).data).toEqual([
      expect.objectContaining({ name: 'Demo Brand', customAuthEnabled: true }),
    ]);
  });

  it('refuses a second process on the same data directory with a clear error', async () => {
    const firstPid = children[0]!.pid!;
    const second = start(['all']);
    const { code } = await second.exited;
    expect(code).toBe(exitCodes.dataDirLocked);
    expect(second.output().stderr).toContain(`in use by process ${firstPid}`);
    expect(await readFile(path.join(dataDir, 'brand-api.lock'), 'utf8')).toBe(
      `${firstPid} ${hostname()}\n`,
    );
  });

  it('shuts down gracefully on SIGTERM and releases the lock', async () => {
    const { code, signal } = await stopRuntime(children[0]!);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(children[0]!.output().stdout).toMatch(/"msg":"stopped"/);
    await expect(stat(path.join(dataDir, 'brand-api.lock'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('restarts without re-running migrations or the demo bootstrap', async () => {
    const again = start(['all']);
    const url = await runtimeUrlOf(again);
    const { stdout } = again.output();
    expect(stdout).not.toContain('Demo API key');
    expect(stdout).not.toContain('Admin token');
    expect(stdout).not.toContain('migrations applied');
    expect(stdout).toContain('"msg":"opening the embedded database"');
    expect(stdout).toContain('"msg":"migrations up to date"');
    const brands = await fetch(`${url}/admin/v1/brands`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(((await brands.json()) as { data: unknown[] }).data).toHaveLength(1);
    const withKey = await fetch(`${url}/api/v1/posts`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    expect([401, 403]).not.toContain(withKey.status);
    await stopRuntime(again);
  });

  it('starts after a server was killed with SIGKILL: the kernel dropped its lock', async () => {
    const killed = start(['all']);
    await runtimeUrlOf(killed);
    killed.kill('SIGKILL');
    await killed.exited;
    expect(await readFile(path.join(dataDir, 'brand-api.lock'), 'utf8')).toBe(
      `${killed.pid} ${hostname()}\n`,
    );
    const next = start(['all']);
    await runtimeUrlOf(next);
    expect(await readFile(path.join(dataDir, 'brand-api.lock'), 'utf8')).toBe(
      `${next.pid} ${hostname()}\n`,
    );
    await stopRuntime(next);
  });

  it('reports bad configuration with every problem and exit code 78', async () => {
    const bad = start(['all'], { PORT: 'eighty', LOG_LEVEL: 'loud', EVENT_STORE: 'eventstoredb' });
    const { code } = await bad.exited;
    expect(code).toBe(exitCodes.config);
    const { stderr } = bad.output();
    expect(stderr).toContain('PORT must be an integer');
    expect(stderr).toContain('LOG_LEVEL must be one of');
    expect(stderr).toContain('EVENTSTORE_CONNECTION_STRING');
  });

  it('refuses an unknown role with exit code 64', async () => {
    const bad = start(['everything']);
    expect((await bad.exited).code).toBe(exitCodes.usage);
    expect(bad.output().stderr).toContain('Usage: brand-api-server <serve|work|all>');
  });
});

describeOnServer('brand-api split into serve and work on a Postgres server', () => {
  const { start } = useRuntimesOnTestDatabase();

  it('bootstraps once across processes and serves read-after-write through a separate worker', async () => {
    const worker = start('work');
    const api = start('serve');
    const url = await runtimeUrlOf(api);
    // Each prints its part of the banner (if any) before logging that it started.
    await Promise.all([worker, api].map((child) => child.waitForOutput(/"msg":"started"/)));
    const outputs = [worker.output().stdout, api.output().stdout].join('\n');
    const adminTokens = outputs.match(/Admin token/g) ?? [];
    const demoKeys = outputs.match(/Demo API key/g) ?? [];
    expect(adminTokens).toHaveLength(1);
    expect(demoKeys).toHaveLength(1);
    const token = adminTokenOf(outputs)!;

    const created = await fetch(`${url}/admin/v1/brands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Split roles' }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    const fetched = await fetch(`${url}/admin/v1/brands/${data.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fetched.status).toBe(200);

    for (const child of [api, worker]) {
      expect(await stopRuntime(child)).toEqual({ code: 0, signal: null });
    }
  });
});
