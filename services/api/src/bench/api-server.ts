/**
 * The API as `bench:api` measures it: one process serving HTTP and running the projections
 * (the `all` role), on a Postgres database given by BENCH_DATABASE_URL. The bulk rate limit
 * is configuration; the benchmark raises it so its loader and bulk run are not refused.
 * With BENCH_READ_CACHE=off the catalogue read cache is turned off. With BENCH_DATA_DIR instead
 * of BENCH_DATABASE_URL it runs on the embedded PGlite in that directory, as `npm start` does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPgDatabase,
  createPgliteDatabase,
  createPostgresEventStore,
  catchUpInline,
  createProjectionRunner,
  migrate,
} from '@brand-api/event-store';
import pino from 'pino';
import { hashAdminToken } from '../operator-api/operator-auth';
import { createApp } from '../app';
import { createApiFeatures } from '../brand-api';
import { allMigrations } from '../runtime/migrations';
import { inlineProjectorFor, readModelProjections } from '../runtime/projections';

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  const adminToken = process.env.BENCH_ADMIN_TOKEN;
  if (!(url || dataDir) || !adminToken) {
    throw new Error('BENCH_DATABASE_URL (or BENCH_DATA_DIR) and BENCH_ADMIN_TOKEN are required');
  }
  const db = url
    ? createPgDatabase({ connectionString: url, max: 20, applicationName: 'bench-api' })
    : await createPgliteDatabase(dataDir);
  // BENCH_READ_CACHE=off: a server without the catalogue read cache, for the uncached figures.
  const readCache = process.env.BENCH_READ_CACHE === 'off' ? false : {};
  await migrate(db, allMigrations);
  // Read models applied inline, as the runtime does on Postgres and PGlite.
  const inline = inlineProjectorFor(db, 'postgres-multi-stream')!;
  const eventStore = createPostgresEventStore(db, { inline });
  await catchUpInline(db, eventStore, inline);
  const logger = pino({ level: 'warn' });
  const runner = createProjectionRunner({
    db,
    store: eventStore,
    projections: readModelProjections,
    inline,
    onError: (error, projection) => logger.error({ err: error, projection }, 'projection failed'),
  });
  await runner.start();
  const app = createApp({
    db,
    eventStore,
    projections: runner,
    logger,
    config: { adminTokenHash: hashAdminToken(adminToken), readCache },
    // Every registered feature, with the catalogue's bulk limit raised.
    features: createApiFeatures({ bulkRateLimit: { requests: 1_000_000, windowSeconds: 60 } }),
  });
  const handle = app.callback();
  // Autocannon drops its sockets when a run ends; their handlers still finish, before the
  // benchmark reads what the run cost (an `idle` message) and before shutdown.
  let inFlight = 0;
  /** Requests answered with a 2xx so far: those whose work the benchmark counts. */
  let succeeded = 0;
  let drained: (() => void)[] = [];
  const idle = () =>
    inFlight === 0 ? Promise.resolve() : new Promise<void>((done) => drained.push(done));
  const server = createServer((request, response) => {
    inFlight += 1;
    void handle(request, response).finally(() => {
      if (response.statusCode < 300) succeeded += 1;
      inFlight -= 1;
      if (inFlight > 0) return;
      for (const done of drained) done();
      drained = [];
    });
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  // The benchmark asks for the heap figures behind the RSS it samples from /proc.
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'memory') process.send?.({ type: 'memory', usage: process.memoryUsage() });
    if (message.type === 'idle')
      void idle().then(() => process.send?.({ type: 'idle', succeeded }));
  });
  // Requests still in flight when the benchmark ends finish before the database closes.
  process.on('disconnect', () => {
    server.close(() => {
      void idle()
        .then(() => runner.stop())
        .then(() => eventStore.close())
        .then(() => db.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
