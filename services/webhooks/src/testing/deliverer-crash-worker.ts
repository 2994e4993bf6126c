/**
 * A deliverer process for the crash test (delivery/deliverer-crash.int.spec.ts): it delivers
 * from the database in WORKER_DATABASE_URL until it is killed, printing `started` once running.
 */
import { createPgDatabase, createPostgresEventStore } from '@brand-api/event-store';
import { createDeliverer } from '../delivery/deliverer';
import { createNodeHttpClient } from '../delivery/http-client';

async function main(): Promise<void> {
  const db = createPgDatabase({ connectionString: process.env.WORKER_DATABASE_URL!, max: 4 });
  const deliverer = createDeliverer({
    db,
    store: createPostgresEventStore(db),
    http: createNodeHttpClient({ policy: { allowPrivateTargets: true } }),
    maxInFlight: Number(process.env.MAX_IN_FLIGHT ?? '10'),
    claimBatchSize: Number(process.env.MAX_IN_FLIGHT ?? '10'),
    leaseMs: Number(process.env.LEASE_MS ?? '75000'),
  });
  await deliverer.start();
  process.stdout.write('started\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
