/**
 * A projector process for the crash test (projections/projection-crash.int.spec.ts): it counts
 * every application of every event, so an event applied twice shows as a count of 2. It prints
 * `applying <stream version>` before each event and `caught-up` once it reached the log's head.
 */
import { createPgDatabase } from '../db';
import { createPostgresEventStore } from '../postgres';
import { createProjectionRunner } from '../projections';
import type { Projection } from '../projections';

async function main(): Promise<void> {
  const db = createPgDatabase({ connectionString: process.env.WORKER_DATABASE_URL!, max: 6 });
  const store = createPostgresEventStore(db);
  const applyDelayMs = Number(process.env.APPLY_DELAY_MS ?? '0');
  const counter: Projection = {
    name: 'crash-counter',
    version: 1,
    handles: ['Counted'],
    async apply(event, tx) {
      process.stdout.write(`applying ${event.streamVersion}\n`);
      await tx.query(
        `INSERT INTO applications (event_id, applied) VALUES ($1, 1)
         ON CONFLICT (event_id) DO UPDATE SET applied = applications.applied + 1`,
        [event.id],
      );
      if (applyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, applyDelayMs));
    },
  };
  const runner = createProjectionRunner({
    db,
    store,
    projections: [counter],
    batchSize: Number(process.env.BATCH_SIZE ?? '50'),
    pollMs: 50,
    standbyRetryMs: 50,
  });
  await runner.start();
  // Readers see an append only once every older transaction of the cluster has ended, other
  // databases' too: under a busy test run the head may show less than the test appended.
  const total = Number(process.env.EVENTS_TOTAL ?? '0');
  let head = await store.headPosition();
  while (head.prepare < total) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    head = await store.headPosition();
  }
  if (!(await runner.waitFor(head, 60_000))) throw new Error('did not catch up in 60 s');
  process.stdout.write('caught-up\n');
  await runner.stop();
  await store.close();
  await db.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
