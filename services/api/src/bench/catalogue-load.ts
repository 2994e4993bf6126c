/**
 * What `bench:api` does to an API server, whichever database it runs on: issue a brand and a
 * catalogue key, load products through the bulk command path, and drive one workload with
 * autocannon while sampling the server's RSS.
 */
import autocannon from 'autocannon';
import { benchAdminToken } from './bench-database';
import { withPeakRss } from './processes';
import type { ServerProcess } from './processes';

export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
export const benchConnections = 50;

export interface Figure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request, in ms. */
  max: number;
  /** Requests sent, those still in flight when the run stopped included. */
  sent: number;
  errors: number;
  peakRssMb: number;
}

export const product = (storeId: string) => ({
  storeId,
  title: `Product ${storeId}`,
  description: 'Loaded by the benchmark through the bulk command path.',
  imageUrl: 'https://cdn.example.com/p.jpg',
  imageWidth: 800,
  imageHeight: 600,
  onlineStoreUrl: `https://shop.example.com/products/${storeId}`,
});

/** autocannon options for POSTs of JSON to `url`, each request with a new body from `body()`. */
export const jsonPosts = (url: string, headers: Record<string, string>, body: () => unknown) =>
  ({
    url,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          body: JSON.stringify(body()),
        }),
      },
    ],
  }) satisfies autocannon.Options;

export async function json<T>(url: string, init: RequestInit & { token: string }): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${init.token}`, 'content-type': 'application/json' },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A brand and an API key with the catalogue scopes, made through the operator API with the
 * run's admin token; `headers` are those of a JSON request with the key.
 */
export async function catalogueKey(
  api: ServerProcess,
): Promise<{ key: string; brandId: string; headers: Record<string, string> }> {
  const brand = await json<{ data: { id: string } }>(`${api.url}/admin/v1/brands`, {
    method: 'POST',
    token: benchAdminToken,
    body: JSON.stringify({ name: 'Benchmark brand' }),
  });
  const { data: issued } = await json<{ data: { key: string } }>(
    `${api.url}/admin/v1/brands/${brand.data.id}/api-keys`,
    {
      method: 'POST',
      token: benchAdminToken,
      body: JSON.stringify({ scopes: ['brand_products:read', 'brand_products:write'] }),
    },
  );
  return {
    key: issued.key,
    brandId: brand.data.id,
    headers: { authorization: `Bearer ${issued.key}`, 'content-type': 'application/json' },
  };
}

/** Loads `total` products through four concurrent bulk callers, 100 products a call. */
export async function bulkLoad(
  api: ServerProcess,
  key: string,
  total: number,
): Promise<{ seconds: number; peakMb: number }> {
  const started = performance.now();
  const calls = Math.ceil(total / 100);
  let next = 0;
  const { peakMb } = await withPeakRss(api, () =>
    Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < calls) {
          const call = next++;
          const records = Array.from({ length: Math.min(100, total - call * 100) }, (_, n) =>
            product(`load-${call * 100 + n}`),
          );
          await json(`${api.url}/api/v1/brand-products/bulk`, {
            method: 'POST',
            token: key,
            body: JSON.stringify({ upsertRecords: records }),
          });
        }
      }),
    ),
  );
  return { seconds: (performance.now() - started) / 1000, peakMb };
}

export async function measure(
  name: string,
  server: ServerProcess,
  options: autocannon.Options,
): Promise<Figure> {
  const { value: result, peakMb } = await withPeakRss(server, () =>
    autocannon({ duration: benchSeconds, connections: benchConnections, ...options }),
  );
  return {
    name,
    connections: options.connections ?? benchConnections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    sent: result.requests.sent,
    errors: result.errors + result.non2xx + result.timeouts,
    peakRssMb: peakMb,
  };
}
