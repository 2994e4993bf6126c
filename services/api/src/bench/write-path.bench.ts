/**
 * `npm run bench:write-path` (issues 15 and 24): the write rows of `bench:api` (POST single at
 * 1 and 50 connections, bulk-100 at 50) against the raw twin (raw-server.ts) in turns, with
 * what each request costs the database: commits, inserted rows (in total and by table) and
 * round trips to Postgres per request. It runs in a few minutes where `bench:api` takes ten,
 * so a change to the write path can be measured before and after in one sitting; `bench:api`
 * stays the measurement of record.
 *
 * Each server reaches Postgres through its own counting proxy (pg-proxy.ts), so each side's
 * round trips are its own; they are counted from the start of a run until its last request
 * has landed. Commits and rows come from the database's statistics (database-counters.ts),
 * read once every backend has flushed them, less what the database does while idle (the
 * API's runners polling) over the part of the window where the side measured was not running.
 *
 * Environment: DATABASE_URL (a server; a fresh database is made on it and dropped after),
 * BENCH_SECONDS per run (default 10), BENCH_TWIN_ROUNDS (ours/raw pairs, default 3),
 * BENCH_WORKLOADS (some of single-1, single-50, bulk-50; default all),
 * BENCH_DB_DELAY_MS (each chunk held that long in each direction by both proxies, default 0:
 * Postgres 1 ms away, as a managed one in the next zone is, is BENCH_DB_DELAY_MS=1),
 * BENCH_WARMUP_SECONDS (creates each server serves unmeasured before the first round, default 3).
 */
import { loadavg } from 'node:os';
import { createPgDatabase } from '@brand-api/event-store';
import {
  benchConnections as connections,
  benchSeconds,
  catalogueKey,
  jsonPosts,
  measure,
  product,
} from './catalogue-load';
import {
  benchRunId as runId,
  benchServerUrl as serverUrl,
  startBenchApi,
  withBenchDatabase,
} from './bench-database';
import { perRequest, settledCounters, tableBreakdown, workBetween } from './database-counters';
import type { DatabaseWork } from './database-counters';
import { countersBetween, startPgProxy } from './pg-proxy';
import type { PgProxy } from './pg-proxy';
import { startServer, untilIdle } from './processes';
import type { ServerProcess } from './processes';
import { median, twinRounds } from './twin-runs';

const delayMs = Number(process.env.BENCH_DB_DELAY_MS ?? 0);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** Commits and inserted rows per request, by table too. */
  work: DatabaseWork;
  roundTripsPerRequest: number;
  load: number;
}

/** Ours / raw per workload, as issue 24 asks (throughput; p50 at 1 ms away). */
const targets: Record<string, string> = {
  'POST single 1': '>= 0.50',
  [`POST single ${connections}`]: '>= 0.60',
  [`POST bulk of 100 ${connections}`]: '>= 0.60',
};

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

async function main(): Promise<void> {
  const database = `bench_write_${runId}`;
  const postgres = new URL(serverUrl);
  const target = { host: postgres.hostname, port: Number(postgres.port || 5432) };
  // One proxy per server, so each side's round trips are its own.
  const proxies = {
    ours: await startPgProxy({ target, delayMs }),
    raw: await startPgProxy({ target, delayMs }),
  };
  try {
    await withBenchDatabase(serverUrl, database, ({ url, started }) =>
      runWorkloads(url, started, proxies),
    );
  } finally {
    await proxies.ours.close();
    await proxies.raw.close();
  }
}

async function runWorkloads(
  url: string,
  started: ServerProcess[],
  proxies: { ours: PgProxy; raw: PgProxy },
): Promise<void> {
  const api = await startBenchApi({ BENCH_DATABASE_URL: proxies.ours.urlFor(url) });
  started.push(api);
  const { brandId, headers } = await catalogueKey(api);
  const raw = await startServer('raw-server.js', {
    BENCH_DATABASE_URL: proxies.raw.urlFor(url),
    BENCH_BRAND_ID: brandId,
  });
  started.push(raw);
  // The statistics are read on a connection of their own, straight to Postgres.
  const stats = createPgDatabase({ connectionString: url, max: 1, applicationName: 'bench-stats' });
  try {
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
    // Both servers first serve creates unmeasured for BENCH_WARMUP_SECONDS (default 3): the
    // first round of ours once ran at 0.6 of the next two while V8 compiled its hot paths.
    for (const server of [api, raw]) {
      await measure('warm-up', server, {
        ...jsonPosts(`${server.url}/api/v1/brand-products`, headers, () =>
          product(storeId('warm')),
        ),
        connections,
        duration: warmupSeconds,
      });
      await untilIdle(server);
    }
    // What the database does with both servers idle: the API's runners poll.
    let before = await settledCounters(stats);
    const idle = await settledCounters(stats);
    const background = workBetween(before, idle);
    before = idle;
    console.log(
      `${twinRounds} rounds of ours/raw per workload, ${benchSeconds} s each; Postgres ` +
        (delayMs > 0
          ? `${delayMs} ms away: both sides' proxies hold each chunk ${delayMs} ms each way`
          : 'on loopback, no delay added (BENCH_DB_DELAY_MS=1 puts it 1 ms away)') +
        `; load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')} at the start`,
    );
    console.log(
      'commits and inserted rows per request from pg_stat_database and pg_stat_all_tables once ' +
        `flushed, less the idle background (${(background.commits / background.seconds).toFixed(1)} ` +
        "commits/s: the API's runners polling); round trips per request from a counting proxy " +
        'in front of each server (pg-proxy.ts)\n',
    );
    console.log(
      'workload           conns side    req/s  records/s   p50 ms   p99 ms  commits/req  rows/req  round trips/req  load',
    );
    // BENCH_WORKLOADS=single-1,single-50,bulk-50 picks some (a profile of one, say); default all.
    const picked = process.env.BENCH_WORKLOADS?.split(',').map((name) => name.trim());
    const named = (workload: (typeof workloads)[number]) =>
      `${workload.perRequest === 1 ? 'single' : 'bulk'}-${workload.connections}`;
    for (const workload of workloads.filter((w) => !picked || picked.includes(named(w)))) {
      const runs = { ours: [] as Run[], raw: [] as Run[] };
      for (let round = 0; round < twinRounds; round += 1) {
        for (const [side, server] of [
          ['ours', api],
          ['raw', raw],
        ] as const) {
          const succeededBefore = await untilIdle(server);
          const wireBefore = proxies[side].counters();
          const runStart = performance.now();
          const figure = await measure(workload.name, server, {
            ...jsonPosts(`${server.url}${workload.path}`, headers, () => workload.body(side)),
            connections: workload.connections,
          });
          // Requests autocannon left in flight still land: let them, then read the counters.
          const succeeded = (await untilIdle(server)) - succeededBefore;
          const wire = countersBetween(wireBefore, proxies[side].counters());
          const runSeconds = (performance.now() - runStart) / 1000;
          const load = loadavg()[0] ?? Number.NaN;
          const after = await settledCounters(stats);
          const window = workBetween(before, after);
          before = after;
          // Divided by the requests the server answered with a 2xx, those autocannon left in
          // flight at the end included: their work lands in the window too (the bench once
          // divided by req/s x seconds, so at 50 connections the rows of the 50 bulk calls in
          // flight at the end were added to the others'; a request cut off mid-body does no
          // work, so autocannon's count of requests sent would be too many).
          const requests = succeeded;
          // The API's runners poll while the twin runs as well; while the API runs, its
          // runners' work is part of what its requests cost.
          const idleSeconds = side === 'ours' ? window.seconds - runSeconds : window.seconds;
          const run: Run = {
            rps: figure.rps,
            p50: figure.p50,
            p99: figure.p99,
            work: perRequest(window, background, idleSeconds, requests),
            roundTripsPerRequest: wire.roundTrips / requests,
            load,
          };
          runs[side].push(run);
          console.log(
            `${workload.name.padEnd(18)} ${String(workload.connections).padStart(5)} ${side.padEnd(5)} ${run.rps.toFixed(0).padStart(7)} ` +
              `${(run.rps * workload.perRequest).toFixed(0).padStart(10)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(0).padStart(8)} ` +
              `${run.work.commits.toFixed(2).padStart(12)} ${run.work.inserted.toFixed(1).padStart(9)} ` +
              `${run.roundTripsPerRequest.toFixed(2).padStart(16)}  ${run.load.toFixed(2)}`,
          );
          console.log(
            `${' '.repeat(25)}${requests} requests answered 2xx (${figure.sent} sent); rows/req by table: ${tableBreakdown(run.work)}`,
          );
        }
      }
      /**
       * Ours over raw of one figure: mean of the rounds for throughput, median for latency
       * (autocannon's latencies are whole milliseconds: a raw 0 has no ratio).
       */
      const ratio = (figure: (run: Run) => number, over = median) => {
        const raw = over(runs.raw.map(figure));
        if (raw === 0) return 'n/a (raw under 1 ms, the resolution)';
        return (over(runs.ours.map(figure)) / raw).toFixed(2);
      };
      const single = workload.perRequest === 1;
      const target = targets[`${workload.name} ${workload.connections}`];
      console.log(
        `${workload.name} at ${workload.connections}: ours / raw = ${ratio((run) => run.rps, mean)}` +
          `${target ? ` (target ${target})` : ''}; p50 ours / raw = ${ratio((run) => run.p50)}` +
          `${delayMs > 0 && single && workload.connections === 1 ? ' (target <= 2.5 at 1 ms away)' : ''}` +
          `; p99 ours / raw = ${ratio((run) => run.p99)}` +
          `${single && workload.connections === connections ? ' (target <= 2)' : ''}` +
          `; round trips/req ours ${mean(runs.ours.map((run) => run.roundTripsPerRequest)).toFixed(2)}, ` +
          `raw ${mean(runs.raw.map((run) => run.roundTripsPerRequest)).toFixed(2)}\n`,
      );
    }
  } finally {
    await stats.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
