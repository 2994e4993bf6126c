import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, testAdminToken } from '@brand-api/api/testing';
import type { TestApp } from '@brand-api/api/testing';
import { runCli } from '../program';

export interface BrandctlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs brandctl in-process against the live server, as an operator's shell would. The admin token
 * comes from BRANDCTL_TOKEN (the test token); `env` may override it or unset it (undefined).
 */
export type Brandctl = (
  args: string[],
  env?: Record<string, string | undefined>,
) => Promise<BrandctlResult>;

export interface BrandctlHarness {
  /** The app behind the server: its supertest agent, event store and database. */
  testApp: TestApp;
  /** Where the server listens: http://127.0.0.1:<a free port>. */
  url: string;
  brandctl: Brandctl;
  /** Stops the server, then closes the app and its database. */
  close(): Promise<void>;
}

/** A test app (createTestApp) served over real HTTP on 127.0.0.1, and brandctl pointed at it. */
export async function startBrandctlHarness(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<BrandctlHarness> {
  const testApp = await createTestApp(options);
  const handle = testApp.app.callback();
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    testApp,
    url,
    async brandctl(args, env = {}) {
      let stdout = '';
      let stderr = '';
      const code = await runCli(['--url', url, ...args], {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        env: { BRANDCTL_TOKEN: testAdminToken, ...env },
        // Every answer the specs see must match its response schema in the contracts.
        checkResponses: true,
      });
      return { code, stdout, stderr };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await testApp.close();
    },
  };
}

/**
 * One harness for the calling spec file: started in a beforeAll and closed in an afterAll that it
 * registers where it is called (call it at the top of the file, before hooks that use it).
 * `t()` is the test app once started, `url()` where it listens.
 */
export function useBrandctl(options: Parameters<typeof createTestApp>[0] = {}): {
  brandctl: Brandctl;
  t: () => TestApp;
  url: () => string;
} {
  let harness: BrandctlHarness | undefined;
  beforeAll(async () => {
    harness = await startBrandctlHarness(options);
  });
  afterAll(async () => {
    await harness?.close();
  });
  const started = (): BrandctlHarness => {
    if (!harness)
      throw new Error('the brandctl harness starts in beforeAll: use it inside a hook or test');
    return harness;
  };
  return {
    brandctl: (args, env) => started().brandctl(args, env),
    t: () => started().testApp,
    url: () => started().url,
  };
}

/** Parses brandctl's --json output (or a JSON error on stderr) as T. */
export const json = <T>(text: string) => JSON.parse(text) as T;

/** A well-formed id that names nothing in the test app: no brand, key, member or endpoint. */
export const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
