/**
 * `npm run bench:events`: how long a new event takes to reach an open event stream after its
 * write has answered. The API runs in its own process (api-server.js, the `all` role) on a
 * fresh Postgres database (DATABASE_URL's server) and, with `--embedded`, on embedded PGlite
 * too. The benchmark opens `GET /api/v1/events/stream`, makes BENCH_EVENTS members join through
 * magic links (1 writer, then BENCH_WRITERS concurrent writers), and for each `user.joined`
 * takes the time from the write's answer to the stream's event. It prints p50, p99 and max per
 * phase with the load average, since the machine is shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  benchAdminToken as adminToken,
  benchRunId as runId,
  benchServerUrl as serverUrl,
  startBenchApi,
  withBenchDatabase,
} from './bench-database';
import { json } from './catalogue-load';
import type { ServerProcess } from './processes';
import { openSse } from './sse-reader';

const events = Number(process.env.BENCH_EVENTS ?? 500);
const writers = Number(process.env.BENCH_WRITERS ?? 4);

interface Phase {
  name: string;
  latenciesMs: number[];
  missing: number;
  load: string;
}

async function main(): Promise<void> {
  const phases: Phase[] = [];
  await withBenchDatabase(serverUrl, `bench_events_${runId}`, async ({ url, started }) => {
    const api = await startBenchApi({ BENCH_DATABASE_URL: url });
    started.push(api);
    phases.push(...(await measure(api, 'postgres')));
  });
  if (process.argv.includes('--embedded')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-events-'));
    const api = await startBenchApi({ BENCH_DATA_DIR: dataDir });
    try {
      phases.push(...(await measure(api, 'embedded')));
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log('\nwrite answered → event on the stream (ms)');
  console.log(
    'phase                      events  p50     p99     max     missing  load (1/5/15 min)',
  );
  for (const phase of phases) {
    const sorted = [...phase.latenciesMs].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
    console.log(
      `${phase.name.padEnd(26)} ${String(sorted.length).padEnd(7)} ${at(0.5).toFixed(1).padEnd(7)} ` +
        `${at(0.99).toFixed(1).padEnd(7)} ${(sorted.at(-1) ?? NaN).toFixed(1).padEnd(7)} ` +
        `${String(phase.missing).padEnd(8)} ${phase.load}`,
    );
  }
  const worst = Math.max(...phases.map((phase) => percentile(phase.latenciesMs, 0.99)));
  console.log(
    `\np99 target 1000 ms: ${worst <= 1000 ? 'met' : 'MISSED'} (worst phase ${worst.toFixed(1)} ms)`,
  );
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function measure(api: ServerProcess, database: string): Promise<Phase[]> {
  const brand = await json<{ data: { id: string } }>(`${api.url}/admin/v1/brands`, {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({ name: 'Events benchmark' }),
  });
  await json(`${api.url}/admin/v1/brands/${brand.data.id}`, {
    method: 'PATCH',
    token: adminToken,
    body: JSON.stringify({ customAuthEnabled: true }),
  });
  const { data: issued } = await json<{ data: { key: string } }>(
    `${api.url}/admin/v1/brands/${brand.data.id}/api-keys`,
    {
      method: 'POST',
      token: adminToken,
      body: JSON.stringify({ scopes: ['events:read', 'magic_link:write'] }),
    },
  );
  const key = issued.key;

  const arrived = new Map<string, number>();
  const stream = await openSse(
    `${api.url}/api/v1/events/stream`,
    { authorization: `Bearer ${key}` },
    (event) => {
      const now = performance.now();
      const { data } = JSON.parse(event.data) as { data: { userId: string } };
      arrived.set(data.userId, now);
    },
  );
  if (stream.status !== 200) throw new Error(`stream answered ${stream.status}: ${stream.body}`);

  let member = 0;
  const runPhase = async (name: string, concurrency: number): Promise<Phase> => {
    const answered = new Map<string, number>();
    const loadBefore = load();
    let left = events;
    const writer = async () => {
      while (left > 0) {
        left -= 1;
        member += 1;
        const response = await fetch(`${api.url}/api/v1/magic-link`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            customAuthSub: `bench-${member}`,
            email: `bench${member}@example.com`,
            firstName: 'Ada',
          }),
        });
        const body = (await response.json()) as { userId: string };
        answered.set(body.userId, performance.now());
      }
    };
    await Promise.all(Array.from({ length: concurrency }, writer));
    // The last events get their second to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const latenciesMs: number[] = [];
    let missing = 0;
    for (const [userId, at] of answered) {
      const seen = arrived.get(userId);
      if (seen === undefined) missing += 1;
      // An event can reach the stream before its write's answer reaches the writer: 0 then.
      else latenciesMs.push(Math.max(0, seen - at));
    }
    return {
      name: `${database}, ${name}`,
      latenciesMs,
      missing,
      load: `${loadBefore} → ${load()}`,
    };
  };

  const phases = [await runPhase('1 writer', 1), await runPhase(`${writers} writers`, writers)];
  stream.close();
  return phases;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
