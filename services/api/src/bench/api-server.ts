/**
 * The API as `bench:api` measures it: one process serving HTTP and running the projections
 * (the `all` role), on a Postgres database given by BENCH_DATABASE_URL. The bulk rate limit
 * is configuration; the benchmark raises it so its loader and bulk run are not refused.
 * With BENCH_READ_CACHE=off the catalogue read cache is turned off. With BENCH_DATA_DIR instead
 * of BENCH_DATABASE_URL it runs on the embedded PGlite in that directory, as `npm start` does.
 */
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
import {
  inlineProjectorFor,
  processWritersFor,
  readModelProjections,
} from '../runtime/projections';
import { serveForBenchmark } from './bench-server';

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
  const logger = pino({ level: 'warn' });
  // Read models applied inline, as a `serve` process does on Postgres and PGlite.
  const writers = processWritersFor(db, true, logger);
  const inline = inlineProjectorFor('postgres-multi-stream', writers.writers)!;
  const eventStore = createPostgresEventStore(db, { inline });
  await catchUpInline(db, eventStore, inline);
  writers.start();
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
  serveForBenchmark(app.callback(), () =>
    writers
      .stop()
      .then(() => runner.stop())
      .then(() => eventStore.close())
      .then(() => db.close()),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
