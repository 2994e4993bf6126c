/**
 * `npm run bench:write-path` (issue 15): the write rows of `bench:api` (POST single at 1 and 50
 * connections, bulk-100 at 50, the last two below target) against the raw twin (raw-server.ts)
 * in turns, with what each request costs the database: commits and inserted rows per request,
 * from `pg_stat_database` of the benchmark's own database read before and after every run.
 * It runs in about two minutes where `bench:api` takes ten, so a change to the write path can
 * be measured before and after in one sitting; `bench:api` stays the measurement of record.
 *
 * Environment: DATABASE_URL (a server; a fresh database is made on it and dropped after),
 * BENCH_SECONDS per run (default 10), BENCH_TWIN_ROUNDS (ours/raw pairs, default 3).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import type { Database } from '@brand-api/event-store';
import {
  benchConnections as connections,
  catalogueKey,
  jsonPosts,
  measure,
  product,
} from './catalogue-load';
import { withBenchDatabase } from './bench-database';
import { startServer } from './processes';
import { twinRounds } from './twin-runs';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const adminToken = randomBytes(24).toString('hex');
const runId = randomBytes(3).toString('hex');

interface DbCounters {
  commits: number;
  inserted: number;
}

/** The database's own counters; the statistics collector flushes them within a second. */
async function counters(db: Database, database: string): Promise<DbCounters> {
  await setTimeout(1_500);
  const { rows } = await db.query<{ xact_commit: number; tup_inserted: number }>(
    `SELECT xact_commit, tup_inserted FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  return { commits: rows[0]?.xact_commit ?? 0, inserted: rows[0]?.tup_inserted ?? 0 };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  commitsPerRequest: number;
  insertedPerRequest: number;
  load: number;
}

async function main(): Promise<void> {
  const database = `bench_write_${runId}`;
  return withBenchDatabase(serverUrl, database, async ({ url, admin, started }) => {
    const api = await startServer('api-server.js', {
      BENCH_DATABASE_URL: url.toString(),
      BENCH_ADMIN_TOKEN: adminToken,
    });
    started.push(api);
    const { key, brandId } = await catalogueKey(api, adminToken);
    const raw = await startServer('raw-server.js', {
      BENCH_DATABASE_URL: url.toString(),
      BENCH_BRAND_ID: brandId,
    });
    started.push(raw);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let counter = 0;
    const storeId = (side: string) => `w-${side}-${runId}-${counter++}`;
    const workloads = [
      {
        name: 'POST single',
        connections: 1,
        perRequest: 1,
        path: '/api/v1/brand-products',
        body: (side: string) => product(storeId(side)),
      },
      {
        name: 'POST single',
        connections,
        perRequest: 1,
        path: '/api/v1/brand-products',
        body: (side: string) => product(storeId(side)),
      },
      {
        name: 'POST bulk of 100',
        connections,
        perRequest: 100,
        path: '/api/v1/brand-products/bulk',
        body: (side: string) => ({
          upsertRecords: Array.from({ length: 100 }, () => product(storeId(side))),
        }),
      },
    ];
    console.log(
      `${twinRounds} rounds of ours/raw per workload; ` +
        'commits and inserted rows per request from pg_stat_database\n',
    );
    console.log(
      'workload           conns side    req/s  records/s   p50 ms   p99 ms  commits/req  rows/req  load',
    );
    for (const workload of workloads) {
      const runs = { ours: [] as Run[], raw: [] as Run[] };
      for (let round = 0; round < twinRounds; round += 1) {
        for (const [side, server] of [
          ['ours', api],
          ['raw', raw],
        ] as const) {
          const before = await counters(admin, database);
          const figure = await measure(workload.name, server, {
            ...jsonPosts(`${server.url}${workload.path}`, headers, () => workload.body(side)),
            connections: workload.connections,
          });
          // Requests autocannon left in flight still land: let them, then read the counters.
          await setTimeout(Math.min(figure.max, 10_000));
          const after = await counters(admin, database);
          const requests = figure.rps * Number(process.env.BENCH_SECONDS ?? 10);
          const run: Run = {
            rps: figure.rps,
            p50: figure.p50,
            p99: figure.p99,
            commitsPerRequest: (after.commits - before.commits) / requests,
            insertedPerRequest: (after.inserted - before.inserted) / requests,
            load: loadavg()[0] ?? Number.NaN,
          };
          runs[side].push(run);
          console.log(
            `${workload.name.padEnd(18)} ${String(workload.connections).padStart(5)} ${side.padEnd(5)} ${run.rps.toFixed(0).padStart(7)} ` +
              `${(run.rps * workload.perRequest).toFixed(0).padStart(10)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(0).padStart(8)} ` +
              `${run.commitsPerRequest.toFixed(2).padStart(12)} ${run.insertedPerRequest.toFixed(1).padStart(9)}  ${run.load.toFixed(2)}`,
          );
        }
      }
      const mean = (side: Run[]) => side.reduce((sum, run) => sum + run.rps, 0) / side.length;
      console.log(
        `${workload.name} at ${workload.connections}: ours / raw = ` +
          `${(mean(runs.ours) / mean(runs.raw)).toFixed(2)}` +
          `${workload.connections === connections ? ' (target >= 0.50)' : ''}\n`,
      );
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
