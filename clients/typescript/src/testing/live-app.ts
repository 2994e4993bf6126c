import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiFeatures } from '@brand-api/api';
import { adminAuth, createTestApp } from '@brand-api/api/testing';
import type { TestApp } from '@brand-api/api/testing';
import { scopes } from '@brand-api/contracts';

export interface LiveApp {
  /** `http://127.0.0.1:<port>`: the client's baseUrl. */
  url: string;
  t: TestApp;
  /** A brand and a key with every scope; `customAuth` switches the brand's custom auth on. */
  brand(options?: { customAuth?: boolean }): Promise<{ brandId: string; key: string }>;
  /** Cuts every open connection, as a network failure would (event streams included). */
  cutConnections(): void;
  close(): Promise<void>;
}

/**
 * The real app (createTestApp: a fresh database, migrations, the projection runner) listening on
 * a random port, so the client talks to it over real HTTP with the global fetch.
 */
export async function startLiveApp(
  options: { bulkRateLimit?: { requests: number; windowSeconds: number } } = {},
): Promise<LiveApp> {
  const t = await createTestApp(
    options.bulkRateLimit === undefined
      ? {}
      : { deps: { features: createApiFeatures({ bulkRateLimit: options.bulkRateLimit }) } },
  );
  const handle = t.app.callback();
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    t,
    async brand({ customAuth = false } = {}) {
      const { brandId, key } = await t.brandWithKey([...scopes], `Client test brand ${port}`);
      if (customAuth) {
        await t.http
          .patch(`/admin/v1/brands/${brandId}`)
          .set('authorization', adminAuth)
          .send({ customAuthEnabled: true })
          .expect(200);
      }
      return { brandId, key };
    },
    cutConnections() {
      server.closeAllConnections();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
