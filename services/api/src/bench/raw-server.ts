/**
 * The raw twin of `bench:api` (issue 15): a plain `node:http` + `pg` server, with no framework
 * and no event store, serving the routes the benchmark drives with the same durable work and
 * the same JSON, so each of the API's figures reads as a share of what this machine does
 * without our layers. Create and bulk write what the API's command and projection write
 * (raw-writes.ts); list and get run the read model's own queries (`listProducts`,
 * `getProduct`: the same SQL text, prepared the same way) on the API's tables. It does not
 * authenticate or validate: that is part of what the ratio measures.
 *
 * Environment: BENCH_DATABASE_URL (the API's database) and BENCH_BRAND_ID (whose catalogue).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BulkBrandProductsBody, CreateBrandProductBody } from '@brand-api/contracts';
import type { Queryable, QueryResult } from '@brand-api/event-store';
import { getProduct, listProducts } from '@brand-api/read-models';
import pg from 'pg';
import { serveForBenchmark } from './bench-server';
import { createProducts, prepareRawTables } from './raw-writes';

const productsPath = '/api/v1/brand-products';

/** The read model's queries take a `Queryable`; this one is a bare `pg` pool. */
function queryableOf(pool: pg.Pool): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[], options?: { name?: string }) {
      const result = await pool.query({ text, values: params as unknown[], name: options?.name });
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 } as QueryResult<R>;
    },
  };
}

async function bodyOf<T>(request: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const brandId = process.env.BENCH_BRAND_ID;
  if (!url || !brandId) throw new Error('BENCH_DATABASE_URL and BENCH_BRAND_ID are required');
  // As many connections as the API's pool.
  const pool = new pg.Pool({ connectionString: url, max: 20, application_name: 'bench-raw' });
  await prepareRawTables(pool);
  const db = queryableOf(pool);

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://raw');
    if (request.method === 'POST' && pathname === productsPath) {
      const [created] = await createProducts(pool, brandId!, [
        await bodyOf<CreateBrandProductBody>(request),
      ]);
      return send(response, 201, { data: created }, { etag: '"0"' });
    }
    if (request.method === 'POST' && pathname === `${productsPath}/bulk`) {
      const body = await bodyOf<BulkBrandProductsBody>(request);
      await createProducts(pool, brandId!, body.upsertRecords ?? []);
      return send(response, 200, { success: true });
    }
    if (request.method === 'GET' && pathname === productsPath) {
      const page = await listProducts(db, brandId!, {
        limit: Number(searchParams.get('limit') ?? 10),
        cursor: searchParams.get('cursor') ?? undefined,
      });
      return send(response, 200, page);
    }
    if (request.method === 'GET' && pathname.startsWith(`${productsPath}/`)) {
      const found = await getProduct(db, brandId!, pathname.slice(productsPath.length + 1));
      if (!found) return send(response, 404, { message: 'Not found', code: 'NOT_FOUND' });
      return send(response, 200, { data: found.data }, { etag: `"${found.version}"` });
    }
    send(response, 404, { message: 'Not found', code: 'NOT_FOUND' });
  }

  serveForBenchmark(
    (request, response) =>
      route(request, response).catch((error: unknown) => {
        // A store id claimed twice breaks the claim stream's unique key: 409, as the API answers.
        if ((error as { code?: unknown }).code === '23505') {
          return send(response, 409, { message: 'Conflict', code: 'CONFLICT', statusCode: 409 });
        }
        console.error(error);
        if (!response.headersSent) send(response, 500, { message: String(error) });
      }),
    () => pool.end(),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
