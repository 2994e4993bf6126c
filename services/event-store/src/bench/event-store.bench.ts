/**
 * `npm run bench:event-store`: the Postgres event store against raw INSERT/SELECT on a table
 * of the same shape, measured in the same run on the same server, printed as ratios.
 * Targets: appends >= 80% of the raw INSERT rate, readAll >= 50% of the raw SELECT rate.
 * Then the latency of a multi-stream append as a catalogue bulk call makes it (200 streams x
 * 1 event), beside one raw INSERT of the same rows. `EVENT_STORE_BENCH=multi-stream` runs only
 * that part.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPgDatabase, migrate } from '../db';
import type { Database } from '../db';
import type { EventStore, LogPosition, NewEvent } from '../event-store';
import { startOfLog } from '../event-store';
import { createPostgresEventStore, eventStoreMigrations } from '../postgres';
import { appendFunctionMigrations } from '../postgres/migrations';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Raw and store runs alternate in short slices, so a machine whose load drifts (it is shared)
// slows both sides alike; each figure is total events over total time of its slices.
const sliceMs = 800;
const slices = 6;
const pageSize = 1000;

interface Row {
  workload: string;
  raw: number;
  store: number;
  target: number;
}

const newEvent = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'ProductUpdated',
  data: {
    productId: randomUUID(),
    name: `Product ${i}`,
    price: { amount: 1999, currency: 'EUR' },
    tags: ['a', 'b'],
  },
  metadata: {
    brandId: 'brand-1',
    actor: { kind: 'apiKey', id: 'key-1' },
    requestId: randomUUID(),
    correlationId: randomUUID(),
    occurredAt: new Date().toISOString(),
  },
});

/** Runs `writers` loops for `ms`; each call of `step` handles `perStep` events. Returns events/s. */
async function rate(
  writers: number,
  ms: number,
  perStep: number,
  step: (writer: number) => Promise<void>,
) {
  let events = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < end) {
        await step(writer);
        events += perStep;
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
}

function rawAppender(db: Database, label: string) {
  const versions = new Map<number, number>();
  return async (writer: number, batch: NewEvent[]) => {
    const version = versions.get(writer) ?? -1;
    versions.set(writer, version + batch.length);
    const stream = `raw-${label}-${writer}`;
    if (batch.length === 1) {
      const [event] = batch;
      await db.query(
        `INSERT INTO raw_events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 1, $6::uuid)`,
        [
          stream,
          version + 1,
          event!.type,
          JSON.stringify(event!.data),
          JSON.stringify(event!.metadata),
          event!.id,
        ],
      );
      return;
    }
    await db.query(
      `INSERT INTO raw_events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
       SELECT $1, $2 + e.ordinal, e.type, e.data::jsonb, e.metadata::jsonb, 1, e.event_id::uuid
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS e(type, data, metadata, event_id, ordinal)`,
      [
        stream,
        version,
        batch.map((e) => e.type),
        batch.map((e) => JSON.stringify(e.data)),
        batch.map((e) => JSON.stringify(e.metadata)),
        batch.map((e) => e.id),
      ],
    );
  };
}

function storeAppender(store: EventStore, label: string) {
  const versions = new Map<number, number>();
  return async (writer: number, batch: NewEvent[]) => {
    const version = versions.get(writer);
    const result = await store.appendToStream(`store-${label}-${writer}`, batch, {
      expectedVersion: version ?? 'no_stream',
    });
    versions.set(writer, result.nextExpectedVersion);
  };
}

/** Alternates `raw` and `store` slices; returns their rates (events/s) over all slices. */
async function alternate(
  raw: (ms: number) => Promise<number>,
  store: (ms: number) => Promise<number>,
): Promise<{ raw: number; store: number }> {
  const totals = { raw: 0, store: 0 };
  for (let slice = 0; slice < slices; slice += 1) {
    // Alternate who goes first too: the tables grow as the run goes on.
    const order = slice % 2 === 0 ? (['raw', 'store'] as const) : (['store', 'raw'] as const);
    for (const side of order) totals[side] += await (side === 'raw' ? raw : store)(sliceMs);
  }
  return { raw: totals.raw / slices, store: totals.store / slices };
}

async function benchAppends(
  db: Database,
  store: EventStore,
  inTxStore: EventStore,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const perTx of [1, 100]) {
    for (const writers of [1, 10]) {
      const label = `${perTx}x${writers}`;
      const raw = rawAppender(db, label);
      const ours = storeAppender(store, label);
      const batch = () => Array.from({ length: perTx }, (_, i) => newEvent(i));
      const rates = await alternate(
        (ms) => rate(writers, ms, perTx, (w) => raw(w, batch())),
        (ms) => rate(writers, ms, perTx, (w) => ours(w, batch())),
      );
      rows.push({
        workload: `append ${perTx} event${perTx > 1 ? 's' : ''}/tx, ${writers} writer${writers > 1 ? 's' : ''}`,
        ...rates,
        target: 0.8,
      });
      if (perTx === 1 && writers === 10) {
        const inTx = storeAppender(inTxStore, `${label}-in-tx`);
        const reference = await alternate(
          (ms) => rate(writers, ms, perTx, (w) => raw(w, batch())),
          (ms) => rate(writers, ms, perTx, (w) => inTx(w, batch())),
        );
        rows.push({
          workload: '  same, pg_notify inside the tx (why we notify after commit)',
          ...reference,
          target: 0,
        });
      }
    }
  }
  return rows;
}

async function benchReads(db: Database, store: EventStore): Promise<Row> {
  let rawAfter = 0;
  const rawPage = async () => {
    const { rows } = await db.query<{ global_position: number }>(
      `SELECT global_position, stream_name, stream_version, type, data, metadata, schema_version,
              event_id, transaction_id, recorded_at
       FROM raw_events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
      [rawAfter, pageSize],
    );
    rawAfter = rows.length < pageSize ? 0 : rows.at(-1)!.global_position;
    return rows.length;
  };
  let storeAfter: LogPosition = startOfLog;
  const storePage = async () => {
    const events = await store.readAll({ after: storeAfter, limit: pageSize });
    storeAfter = events.length < pageSize ? startOfLog : events.at(-1)!.position;
    return events.length;
  };
  const rates = await alternate(
    (ms) => rowsPerSecond(ms, rawPage),
    (ms) => rowsPerSecond(ms, storePage),
  );
  return { workload: `readAll, pages of ${pageSize}, 1 reader`, ...rates, target: 0.5 };
}

const multiStreams = 200;
const multiRuns = 60;
const multiWarmup = 5;

/**
 * ms per appendToStreams of 200 streams x 1 event, as a bulk call of 100 products makes it:
 * half the streams exist (a number as expected version), half are new ('no_stream'). Store and
 * raw calls alternate, so load drift on the shared machine slows both alike.
 */
async function benchMultiStreamAppend(db: Database, store: EventStore): Promise<void> {
  const existing = Array.from({ length: multiStreams / 2 }, () => `multi-${randomUUID()}`);
  const versions = new Map<string, number>();
  const created = await store.appendToStreams(
    existing.map((streamName) => ({
      streamName,
      events: [newEvent(0)],
      expectedVersion: 'no_stream' as const,
    })),
  );
  created.forEach((result, i) => versions.set(existing[i]!, result.nextExpectedVersion));
  let rawVersion = 0;
  const storeMs: number[] = [];
  const rawMs: number[] = [];
  for (let run = 0; run < multiWarmup + multiRuns; run += 1) {
    const appends = [
      ...existing.map((streamName) => ({
        streamName,
        events: [newEvent(run)],
        expectedVersion: versions.get(streamName)!,
      })),
      ...Array.from({ length: multiStreams / 2 }, () => ({
        streamName: `multi-${randomUUID()}`,
        events: [newEvent(run)],
        expectedVersion: 'no_stream' as const,
      })),
    ];
    let started = performance.now();
    const results = await store.appendToStreams(appends);
    if (run >= multiWarmup) storeMs.push(performance.now() - started);
    results.forEach((result, i) =>
      versions.set(appends[i]!.streamName, result.nextExpectedVersion),
    );

    const rows = appends.map((append) => append.events[0]!);
    started = performance.now();
    await db.query(
      `INSERT INTO raw_events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
       SELECT e.stream_name, $1, e.type, e.data::jsonb, e.metadata::jsonb, 1, e.event_id::uuid
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS e(stream_name, type, data, metadata, event_id)`,
      [
        (rawVersion += 1),
        appends.map((append) => `raw-multi-${append.streamName}`),
        rows.map((e) => e.type),
        rows.map((e) => JSON.stringify(e.data)),
        rows.map((e) => JSON.stringify(e.metadata)),
        rows.map((e) => e.id),
      ],
    );
    if (run >= multiWarmup) rawMs.push(performance.now() - started);
  }
  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!.toFixed(1);
  console.log(
    `\nappendToStreams, ${multiStreams} streams x 1 event (half existing), ${multiRuns} runs:` +
      ` p50 ${quantile(storeMs, 0.5)} ms, p90 ${quantile(storeMs, 0.9)} ms` +
      ` (raw INSERT of the same ${multiStreams} rows: p50 ${quantile(rawMs, 0.5)} ms)`,
  );
}

async function rowsPerSecond(ms: number, page: () => Promise<number>): Promise<number> {
  let rows = 0;
  const started = performance.now();
  while (performance.now() - started < ms) rows += await page();
  return rows / ((performance.now() - started) / 1000);
}

function print(rows: Row[]): boolean {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9);
  let ok = true;
  console.log(
    `\n${'workload'.padEnd(62)}${'raw SQL/s'.padStart(11)}${'store/s'.padStart(11)}   ratio  target`,
  );
  for (const row of rows) {
    const ratio = row.store / row.raw;
    const verdict =
      row.target === 0
        ? ''
        : `>= ${row.target.toFixed(2)} ${ratio >= row.target ? 'met' : 'MISSED'}`;
    if (row.target > 0 && ratio < row.target) ok = false;
    console.log(
      `${row.workload.padEnd(62)}  ${fmt(row.raw)}  ${fmt(row.store)}   ${ratio.toFixed(2)}   ${verdict}`,
    );
  }
  return ok;
}

async function main(): Promise<void> {
  const started = performance.now();
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = createPgDatabase({ connectionString: serverUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPgDatabase({
    connectionString: url.toString(),
    max: 12,
    applicationName: 'event-store-bench',
  });
  const store = createPostgresEventStore(db);
  const inTxStore = createPostgresEventStore(db, { notify: 'in-transaction' });
  try {
    await migrate(db, eventStoreMigrations);
    // The baseline table is the events table itself, renamed: same columns, defaults, indexes.
    // Not the append functions: renamed, they would replace the store's own with ones writing
    // the baseline table.
    await migrate(
      db,
      eventStoreMigrations
        .filter((m) => !appendFunctionMigrations.includes(m))
        .map((m) => ({
          id: `raw/${m.id}`,
          sql: m.sql.replaceAll('events', 'raw_events'),
        })),
    );
    const version = await db.query<{ server_version: string }>('SHOW server_version');
    const onlyMultiStream = process.env.EVENT_STORE_BENCH === 'multi-stream';
    console.log(
      `event store benchmark on Postgres ${version.rows[0]?.server_version} (${url.host})${
        onlyMultiStream ? '' : `, ${slices} alternating ${sliceMs} ms slices per side and figure`
      }`,
    );
    if (onlyMultiStream) {
      await benchMultiStreamAppend(db, store);
      return;
    }
    const rows = await benchAppends(db, store, inTxStore);
    rows.push(await benchReads(db, store));
    const ok = print(rows);
    await benchMultiStreamAppend(db, store);
    console.log(
      `\n${ok ? 'all targets met' : 'some targets MISSED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await store.close();
    await inTxStore.close();
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
