/**
 * `npm run bench:webhooks` (on the Postgres server of DATABASE_URL, default the local one):
 *
 * 1. Raw rate: signed POSTs from plain loops (as many as the deliverer's concurrency) with the
 *    same HTTP client to the same receiver, which answers 200.
 * 2. Throughput: 10,000 messages queued by the webhook projector, then delivered; printed as
 *    deliveries/s and as a ratio to the raw rate. Targets: >= 1,000/s and >= 50% of raw.
 * 3. Latency: a steady 200 events/s appended one per transaction while the projector and the
 *    deliverer run; p50/p99 from the start of each append to the receiver's 200 coming back.
 *    Targets: p50 <= 100 ms, p99 <= 500 ms.
 * 4. Projector against its raw twin (issue 15): after each round's projection, the same outbox
 *    rows inserted again by hand, batched as the projector batches (raw-outbox.ts). The
 *    projector's events → outbox rows/s is printed as a ratio to that raw rate (target >= 0.5)
 *    and to the deliverer's own rate (target >= 1.0: the projector never bounds delivery).
 *    With `--strict` (`npm run bench:webhooks -- --strict`) the process exits 1 when one of
 *    these two is missed.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPgDatabase, createPostgresEventStore, migrate } from '@brand-api/event-store';
import type { Database, EventStore } from '@brand-api/event-store';
import { createDeliverer } from '../delivery/deliverer';
import { createNodeHttpClient } from '../delivery/http-client';
import type { WebhookHttpClient } from '../delivery/http-client';
import { webhookMessageId } from '@brand-api/domain';
import { memberJoined, registerEndpoint } from '../testing/fixtures';
import { webhookProjector, webhookTestMigrations } from '../testing/webhook-tables';
import { createWebhookWorker } from '../worker';
import type { WebhookWorker } from '../worker';
import { printProjectorTargets, rawOutboxRate } from './raw-outbox';
import { rawRate } from './raw-posts';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const queued = 10_000;
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const concurrency = 64;
const steadyRate = 200;
const steadySeconds = Number(process.env.BENCH_STEADY_SECONDS ?? '20');
const strict = process.argv.includes('--strict');

async function startReceiver(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(__dirname, 'receiver.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`receiver exited with ${String(code)}`)));
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`bench: the receiver died (${String(code ?? signal)})\n`);
  });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    stop: () => {
      stopping = true;
      child.kill('SIGTERM');
    },
  };
}

/** Wraps the client to note when each webhook-id's 2xx came back. */
function timedClient(http: WebhookHttpClient, deliveredAt: Map<string, number>): WebhookHttpClient {
  return {
    async post(request) {
      const response = await http.post(request);
      if (response.statusCode >= 200 && response.statusCode < 300) {
        deliveredAt.set(request.headers['webhook-id']!, performance.now());
      }
      return response;
    },
    close: () => http.close(),
  };
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function throughput(
  db: Database,
  store: EventStore,
  http: WebhookHttpClient,
  brandId: string,
  count = queued,
) {
  const events = Array.from({ length: count }, () => memberJoined(brandId));
  for (let i = 0; i < events.length; i += 100) {
    await store.appendToStreams([
      {
        streamName: `member-${randomUUID()}`,
        events: events.slice(i, i + 100),
        expectedVersion: 'any',
      },
    ]);
  }
  const projector = webhookProjector(db, store);
  const projectStarted = performance.now();
  await projector.start();
  let projectMs: number;
  try {
    if (!(await projector.waitFor(await store.headPosition(), 120_000))) {
      throw new Error('projector lagged');
    }
    projectMs = performance.now() - projectStarted;
  } finally {
    await projector.stop();
  }
  // The projector's twin, between the projection and the delivery of the same rows.
  const rawOutbox = await rawOutboxRate(db, count);

  const deliveredAt = new Map<string, number>();
  const deliverer = createDeliverer({
    db,
    store,
    http: timedClient(http, deliveredAt),
    maxInFlight: concurrency,
    claimBatchSize: 100,
  });
  const started = performance.now();
  await deliverer.start();
  let elapsed: number;
  try {
    await waitUntil(() => deliveredAt.size >= count, 120_000, `${count} deliveries`);
    elapsed = performance.now() - started;
  } finally {
    await deliverer.stop();
  }
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM webhook_deliveries WHERE status <> 'delivered'`,
  );
  if (rows[0]!.count !== 0) throw new Error(`${rows[0]!.count} messages not recorded as delivered`);
  return {
    rate: count / (elapsed / 1000),
    projectRate: count / (projectMs / 1000),
    rawOutbox,
  };
}

async function latency(db: Database, store: EventStore, http: WebhookHttpClient, brandId: string) {
  const deliveredAt = new Map<string, number>();
  const worker = createWebhookWorker({
    db,
    store,
    policy: { allowPrivateTargets: true },
    http: timedClient(http, deliveredAt),
    projectorPollMs: 50,
    deliverer: { maxInFlight: concurrency, claimBatchSize: 100 },
  });
  await worker.start();
  try {
    return await steadyLoad(worker, store, brandId, deliveredAt);
  } finally {
    await worker.stop();
  }
}

async function steadyLoad(
  worker: WebhookWorker,
  store: EventStore,
  brandId: string,
  deliveredAt: Map<string, number>,
) {
  await waitUntil(() => worker.projector.leading().length === 1, 10_000, 'the projector leading');
  const appendedAt = new Map<string, number>();
  const total = steadyRate * steadySeconds;
  const intervalMs = 1000 / steadyRate;
  const appends: Promise<unknown>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const dueAt = started + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const event = memberJoined(brandId);
    appendedAt.set(webhookMessageId(event.id), performance.now());
    appends.push(
      store.appendToStream(`member-${randomUUID()}`, [event], { expectedVersion: 'no_stream' }),
    );
  }
  await Promise.all(appends);
  const offeredRate = total / ((performance.now() - started) / 1000);
  await waitUntil(() => deliveredAt.size >= total, 60_000, `${total} deliveries`);
  const latencies = [...appendedAt]
    .map(([id, at]) => deliveredAt.get(id)! - at)
    .sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    offeredRate,
    total,
  };
}

const progress = (text: string) => process.stderr.write(`bench: ${text}\n`);

async function main(): Promise<void> {
  const name = `bench_webhooks_${Date.now().toString(36)}`;
  const admin = createPgDatabase({ connectionString: serverUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPgDatabase({ connectionString: url.toString(), max: 16 });
  const receiver = await startReceiver();
  const http = createNodeHttpClient({
    policy: { allowPrivateTargets: true },
    maxSocketsPerOrigin: concurrency,
  });
  try {
    await migrate(db, webhookTestMigrations);
    const store = createPostgresEventStore(db);
    const brandId = randomUUID();
    const { secret } = await registerEndpoint(store, { brandId, url: receiver.url });

    progress('warming up');
    // Warm-up of both sides (sockets, JIT), not counted.
    await rawRate(http, receiver.url, secret, 2_000, concurrency);
    await throughput(db, store, http, brandId, 2_000);
    const rawSequential = await rawRate(http, receiver.url, secret, 5_000, 1);
    // The machine is shared: raw and deliverer runs alternate, so load drift hits both alike;
    // each figure is messages over the summed time of its rounds.
    let rawSeconds = 0;
    let deliverSeconds = 0;
    let projectSeconds = 0;
    let rawOutboxSeconds = 0;
    const perRound: string[] = [];
    const projectorRounds: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      progress(`round ${round + 1} of ${rounds}: raw, then ${queued} queued messages`);
      const rawRound = await rawRate(http, receiver.url, secret, queued, concurrency);
      const {
        rate: deliverRound,
        projectRate,
        rawOutbox,
      } = await throughput(db, store, http, brandId);
      rawSeconds += queued / rawRound;
      deliverSeconds += queued / deliverRound;
      projectSeconds += queued / projectRate;
      rawOutboxSeconds += queued / rawOutbox;
      perRound.push(`${deliverRound.toFixed(0)}/${rawRound.toFixed(0)}`);
      projectorRounds.push(
        `${projectRate.toFixed(0)}/${rawOutbox.toFixed(0)} (load ${loadavg()[0]?.toFixed(1)})`,
      );
    }
    const raw = (rounds * queued) / rawSeconds;
    const rate = (rounds * queued) / deliverSeconds;
    const projectRate = (rounds * queued) / projectSeconds;
    const rawOutbox = (rounds * queued) / rawOutboxSeconds;
    progress(`steady load: ${steadyRate} events/s for ${steadySeconds} s`);
    const steady = await latency(db, store, http, brandId);

    const pass = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const ratio = rate / raw;
    console.log(`webhooks benchmark on ${url.host} (Postgres), receiver in its own process`);
    console.log(`raw signed POSTs, 1 loop:                 ${rawSequential.toFixed(0)}/s`);
    console.log(`raw signed POSTs, ${concurrency} loops:               ${raw.toFixed(0)}/s`);
    console.log(`rounds (deliverer/raw per second):         ${perRound.join(', ')}`);
    console.log(`projector, ${queued} events → outbox rows:    ${projectRate.toFixed(0)}/s`);
    console.log(
      `deliverer, ${queued} queued messages:          ${rate.toFixed(0)}/s = ${(ratio * 100).toFixed(0)}% of raw` +
        `  [targets >= 1000/s ${pass(rate >= 1000)}, >= 50% ${pass(ratio >= 0.5)}]`,
    );
    console.log(
      `append → delivery at ${steady.offeredRate.toFixed(0)} events/s (${steady.total} events): ` +
        `p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms, max ${steady.max.toFixed(1)} ms` +
        `  [targets p50 <= 100 ${pass(steady.p50 <= 100)}, p99 <= 500 ${pass(steady.p99 <= 500)}]`,
    );
    const missed = printProjectorTargets(projectRate, rawOutbox, rate, projectorRounds);
    if (strict && missed > 0) process.exitCode = 1;
    await store.close();
  } finally {
    http.close();
    receiver.stop();
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
