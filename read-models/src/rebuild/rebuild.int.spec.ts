import {
  comparePositions,
  createPostgresEventStore,
  createProjectionRunner,
  migrate,
  listParked,
  ProjectionApplyError,
  readCheckpoints,
  sqlStateOf,
  startOfLog,
} from '@brand-api/event-store';
import type {
  Database,
  EventStore,
  LogPosition,
  Projection,
  ProjectionRunner,
} from '@brand-api/event-store';
import {
  createTestDatabase,
  eventually,
  hasPostgresServer,
  itOnServer,
} from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { brandsMigrations, brandsProjection, getBrand, listApiKeys } from '../brands';
import {
  brandActivity,
  brandsRebuildMigrations,
  counterUuid,
  eventsIn,
} from './bench/brand-activity';
import { createLogStats } from './log-stats';
import type { ReadModel } from './read-model';
import { shadowSchemaOf } from './read-model';
import { rebuildReadModel, verifyReadModel } from './rebuild';
import { RebuildBusyError, RebuildInterruptedError } from './rebuild-errors';
import { readRebuilds } from './rebuild-state';
import type { RebuildProgress, ShadowRunOptions } from './shadow-run-options';

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';
const needsConcurrency = 'it needs concurrent connections';

/** Stands in for the webhook projector: a live projection with an outbox the rebuild must not touch. */
const outboxProjection: Projection = {
  name: 'test-outbox',
  version: 1,
  handles: ['BrandCreated'],
  apply: (event) => [
    {
      text: `INSERT INTO test_outbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`,
      params: [event.id],
    },
  ],
};

const brands: ReadModel = { projection: brandsProjection, migrations: brandsMigrations };

/** What the brands projection is given. */
type BrandsRecordedEvent = Parameters<typeof brandsProjection.apply>[0];

jest.setTimeout(60_000);

describe(`shadow rebuild on ${where}`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let store: EventStore;
  let runner: ProjectionRunner | undefined;
  let nextBrand = 0;

  const appendBrands = async (count: number, options = {}): Promise<LogPosition> => {
    let last: LogPosition | undefined;
    for (let i = 0; i < count; i += 1) {
      const results = await store.appendToStreams(brandActivity(nextBrand++, options));
      last = results.at(-1)!.position;
    }
    // Readers see an append once every older transaction of the cluster has ended (other
    // databases' too): wait for it, so counts taken next include it.
    await eventually(async () => comparePositions(await store.headPosition(), last!) >= 0);
    return last!;
  };
  const startRunner = async () => {
    runner = createProjectionRunner({
      db,
      store,
      projections: [brandsProjection, outboxProjection],
      pollMs: 20,
    });
    await runner.start();
    return runner;
  };
  const stopRunner = async () => {
    await runner?.stop();
    runner = undefined;
  };
  const options = (extra: Partial<ShadowRunOptions> = {}): ShadowRunOptions => ({
    db,
    store,
    readModel: brands,
    batchSize: 40,
    logStats: createLogStats(store),
    ...extra,
  });
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 12 });
    db = testDb.db;
    await migrate(db, brandsRebuildMigrations);
    await db.exec('CREATE TABLE test_outbox (event_id uuid PRIMARY KEY)');
    store = createPostgresEventStore(db);
  });
  afterEach(stopRunner);
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  it('rebuilds beside the live tables, swaps them in, and the live projector carries on', async () => {
    const appended = await appendBrands(12);
    const live = await startRunner();
    expect(await live.waitFor(appended, 10_000)).toBe(true);
    const outboxBefore = await count('test_outbox');
    const [outboxCheckpoint] = (await live.checkpoints()).filter((c) => c.name === 'test-outbox');
    // Drift the live tables so the swap is visible: the rebuild must restore the row.
    await db.query(`UPDATE brands SET name = 'edited by hand' WHERE id = $1`, [counterUuid(3, 1)]);

    const progress: RebuildProgress[] = [];
    const result = await rebuildReadModel(options({ onProgress: (p) => progress.push(p) }));

    expect(result.tables.sort()).toEqual(['api_keys', 'brands']);
    expect(result.resumed).toBe(false);
    expect(await getBrand(db, counterUuid(3, 1))).toMatchObject({ name: 'Brand 3 Ltd' });
    expect(await count('brands')).toBe(12);
    expect(await count('api_keys')).toBe(12 * 8);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', eventsDone: result.eventsDone });
    expect(progress.some((p) => p.phase === 'replaying' && p.eventsTotal !== null)).toBe(true);
    // The other projection (the webhook projector's place) was neither replayed nor moved.
    expect(await count('test_outbox')).toBe(outboxBefore);
    const [outboxAfter] = (await live.checkpoints()).filter((c) => c.name === 'test-outbox');
    expect(outboxAfter?.position).toEqual(outboxCheckpoint?.position);
    // No shadow or retired schema is left behind.
    const { rows } = await db.query(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%' OR nspname LIKE 'retired_%'`,
    );
    expect(rows).toEqual([]);

    const position = await appendBrands(2);
    expect(await live.waitFor(position, 10_000)).toBe(true);
    expect(await count('brands')).toBe(14);
    expect((await verifyReadModel(options())).drift).toBe(false);
  });

  it('with no projector running, the swap moves the checkpoint to the rebuilt position', async () => {
    const before = (await readCheckpoints(db, ['brands']))[0]!.position;
    await appendBrands(3);
    const result = await rebuildReadModel(options());
    expect(comparePositions(result.position, before)).toBeGreaterThan(0);
    expect((await readCheckpoints(db, ['brands']))[0]?.position).toEqual(result.position);
    const live = await startRunner();
    expect(await live.waitFor(await appendBrands(1), 10_000)).toBe(true);
    expect((await verifyReadModel(options())).drift).toBe(false);
  });

  it('a rebuild killed halfway resumes from its own checkpoint instead of starting over', async () => {
    await appendBrands(10);
    await startRunner();
    let batches = 0;
    const crash = new Error('killed');
    await expect(
      rebuildReadModel(
        options({
          afterBatch: () => {
            batches += 1;
            if (batches === 3) throw crash;
          },
        }),
      ),
    ).rejects.toBe(crash);
    const [record] = (await readRebuilds(db)).filter((r) => r.name === 'brands');
    expect(record).toMatchObject({ state: 'failed', eventsDone: 120 });

    let applied = 0;
    const counting: ReadModel = {
      ...brands,
      projection: {
        ...brandsProjection,
        apply: (event: BrandsRecordedEvent) => {
          applied += 1;
          return brandsProjection.apply(event);
        },
      },
    };
    const total = await createLogStats(store).countAfter({ commit: 0, prepare: 0 });
    const progress: RebuildProgress[] = [];
    const result = await rebuildReadModel(
      options({ readModel: counting, onProgress: (p) => progress.push(p) }),
    );
    expect(result.resumed).toBe(true);
    expect(progress[0]).toMatchObject({ eventsDone: 120, resumed: true, eventsTotal: total });
    // Every event of this log is one the projection handles: only the rest was applied again.
    expect(applied).toBe(total - 120);
    expect(result.eventsDone).toBe(total);
    expect((await verifyReadModel(options())).drift).toBe(false);
  });

  it('an operator interrupt stops after the batch in flight, and the next run resumes', async () => {
    await appendBrands(6);
    const controller = new AbortController();
    const interrupted = rebuildReadModel(
      options({ signal: controller.signal, afterBatch: () => controller.abort() }),
    );
    await expect(interrupted).rejects.toBeInstanceOf(RebuildInterruptedError);
    const [record] = (await readRebuilds(db)).filter((r) => r.name === 'brands');
    expect(record).toMatchObject({ state: 'interrupted', eventsDone: 40 });
    const resumed = await rebuildReadModel(options());
    expect(resumed.resumed).toBe(true);
  });

  it('one rebuild of a projection at a time', async () => {
    await appendBrands(4);
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = rebuildReadModel(
      options({
        afterBatch: async () => {
          started();
          await paused;
        },
      }),
    );
    await running;
    await expect(rebuildReadModel(options())).rejects.toBeInstanceOf(RebuildBusyError);
    release();
    await first;
  });

  it('verify reports rows changed, deleted and added by hand, with the fields that differ', async () => {
    const appended = await appendBrands(5);
    const live = await startRunner();
    expect(await live.waitFor(appended, 10_000)).toBe(true);
    const changedId = counterUuid(nextBrand - 1, 1);
    const deletedKey = counterUuid((nextBrand - 2) * 64 + 1, 2);
    await db.query(
      `UPDATE brands SET name = 'Tampered', custom_auth_enabled = false WHERE id = $1`,
      [changedId],
    );
    await db.query('DELETE FROM api_keys WHERE id = $1', [deletedKey]);
    await db.query(
      `INSERT INTO brands (id, name, custom_auth_enabled, created_at, updated_at)
       VALUES ($1, 'Ghost', false, now(), now())`,
      [counterUuid(999_999, 1)],
    );

    const result = await verifyReadModel(options());

    expect(result.drift).toBe(true);
    const brandsDiff = result.tables.find((t) => t.table === 'brands')!;
    expect(brandsDiff.changed).toEqual([
      {
        key: { id: changedId },
        fields: expect.arrayContaining([
          { column: 'name', live: 'Tampered', rebuilt: `Brand ${nextBrand - 1} Ltd` },
          { column: 'custom_auth_enabled', live: false, rebuilt: true },
        ]) as unknown,
      },
    ]);
    expect(brandsDiff.unexpected).toEqual([expect.objectContaining({ name: 'Ghost' })]);
    expect(brandsDiff).toMatchObject({ missingInLive: 1, unexpectedInLive: 2 });
    const keysDiff = result.tables.find((t) => t.table === 'api_keys')!;
    expect(keysDiff.missing).toEqual([expect.objectContaining({ id: deletedKey })]);
    // Verify changes nothing: the tampering is still there until a rebuild.
    expect(await getBrand(db, changedId)).toMatchObject({ name: 'Tampered' });

    await rebuildReadModel(options());
    expect((await verifyReadModel(options())).drift).toBe(false);
    expect(await listApiKeys(db, counterUuid(nextBrand - 2, 1))).toHaveLength(8);
  });

  /** The brands projection with a bug: revoking a key writes a value its column refuses. */
  const failingOnRevoke: ReadModel = {
    migrations: brandsMigrations,
    projection: {
      ...brandsProjection,
      apply: (event: BrandsRecordedEvent) =>
        event.type === 'ApiKeyRevoked'
          ? [
              {
                text: 'UPDATE api_keys SET revoked_at = $1::timestamptz WHERE id = $2',
                params: ['not a time', 'x'],
              },
            ]
          : brandsProjection.apply(event),
    },
  };

  it('passes over an event the projection cannot apply, even in batches, and parks it live', async () => {
    await appendBrands(2);
    const revokes = (await store.readAll({ limit: 10_000 })).filter(
      (event) => event.type === 'ApiKeyRevoked',
    );
    expect(revokes.length).toBeGreaterThan(0);
    const result = await rebuildReadModel(options({ readModel: failingOnRevoke, batchSize: 500 }));
    expect(result.passedOver.map((event) => event.eventId)).toEqual(revokes.map((e) => e.id));
    expect(result.passedOver[0]?.error).toContain('not a time');
    const parked = await listParked(db, { projections: ['brands'], status: 'parked' });
    expect(parked.map((event) => event.eventId)).toEqual(revokes.map((e) => e.id));

    // Rebuilt with the fixed code, the events are applied and nothing stays parked.
    await rebuildReadModel(options());
    expect(await listParked(db, { projections: ['brands'], status: 'parked' })).toEqual([]);
    expect((await readCheckpoints(db, ['brands']))[0]?.parked).toBe(0);
  });

  it('fails, naming the event, when it would pass over more events than allowed', async () => {
    await appendBrands(2);
    const failure = await rebuildReadModel(
      options({ readModel: failingOnRevoke, batchSize: 500, maxPassedOver: 0 }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProjectionApplyError);
    expect((failure as ProjectionApplyError).event.type).toBe('ApiKeyRevoked');
    expect((await readRebuilds(db)).find((r) => r.name === 'brands')).toMatchObject({
      state: 'failed',
    });
  });

  // A swap attempt applies the shadow's catch-up (events the live projector applied since the
  // shadow's replay) and only then moves the tables. When that move waits past lock_timeout on
  // a shadow table — autovacuum's SHARE UPDATE EXCLUSIVE lock, or anyone reading the shadow —
  // the attempt rolls back with its catch-up, and the retry must start again from where the
  // shadow really stands, not from where the rolled-back attempt had brought it.
  itOnServer(
    'a swap attempt that rolls back after its catch-up loses none of it on the retry',
    needsConcurrency,
    async () => {
      await appendBrands(5);
      const live = await startRunner();
      expect(await live.waitFor(await store.headPosition(), 10_000)).toBe(true);
      const shadowBrands = `${shadowSchemaOf(brandsProjection.name)}.brands`;
      let unblock: () => void = () => undefined;
      let blocker: Promise<void> | undefined;
      const attempts: number[] = [];

      const result = await rebuildReadModel(
        options({
          lockTimeoutMs: 100,
          beforeAlignAttempt: async (attempt) => {
            attempts.push(attempt);
            if (attempt === 0) {
              // The log moves on after the shadow's replay, and the live projector applies it:
              // the first attempt has a catch-up to apply.
              expect(await live.waitFor(await appendBrands(3), 10_000)).toBe(true);
              // Autovacuum's lock mode: it does not stop the catch-up's writes, only the swap.
              let locked: () => void = () => undefined;
              const isLocked = new Promise<void>((resolve) => (locked = resolve));
              const released = new Promise<void>((resolve) => (unblock = resolve));
              blocker = db.transaction(async (tx) => {
                await tx.query(`LOCK TABLE ${shadowBrands} IN SHARE UPDATE EXCLUSIVE MODE`);
                locked();
                await released;
              });
              await isLocked;
            } else if (attempt === 1) {
              unblock();
              await blocker;
            }
          },
        }),
      );

      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(await count('brands')).toBe(nextBrand);
      const [record] = (await readRebuilds(db)).filter((r) => r.name === 'brands');
      expect(record?.eventsDone).toBe(result.eventsDone);
      expect(result.eventsDone).toBe(
        await createLogStats(store).countAfter({ commit: 0, prepare: 0 }),
      );
      expect((await verifyReadModel(options())).drift).toBe(false);
    },
  );

  itOnServer(
    'rebuilds under concurrent writes, reads and analyzes of the shadow lose nothing and end equal to the live tables',
    needsConcurrency,
    async () => {
      await appendBrands(20);
      const live = await startRunner();
      let writing = true;
      let appended = 0;
      let lastPosition = startOfLog;
      const errors: unknown[] = [];
      // Paced, and stopped after 20 s whatever happens, so that each full replay catches up
      // with the log even on a loaded machine.
      const stopWritingAt = Date.now() + 20_000;
      const writers = Array.from({ length: 3 }, async () => {
        while (writing && Date.now() < stopWritingAt) {
          const appends = brandActivity(nextBrand++, { keysPerBrand: 2 });
          const position = (await store.appendToStreams(appends)).at(-1)!.position;
          if (comparePositions(position, lastPosition) > 0) lastPosition = position;
          appended += eventsIn(appends);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const reader = (async () => {
        while (writing) {
          await Promise.all([count('brands'), listApiKeys(db, counterUuid(1, 1))]).catch(
            (error: unknown) => errors.push(error),
          );
        }
      })();
      // Stands in for autovacuum, which analyzes freshly filled shadow tables: its SHARE UPDATE
      // EXCLUSIVE lock lets the catch-up write but holds up the swap's ALTER TABLE … SET SCHEMA,
      // so with a short lock_timeout many swap attempts roll back after their catch-up.
      const shadow = shadowSchemaOf(brandsProjection.name);
      const analyzer = (async () => {
        for (let i = 0; writing; i += 1) {
          const table = `${shadow}.${i % 2 === 0 ? 'brands' : 'api_keys'}`;
          await db
            .transaction(async (tx) => {
              await tx.query(`ANALYZE ${table}`);
              await tx.query('SELECT pg_sleep(0.08)');
            })
            .catch((error: unknown) => {
              // Between rebuilds there is no shadow table to analyze.
              if (!['42P01', '3F000'].includes(sqlStateOf(error) ?? '')) errors.push(error);
            });
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
      })();

      const results = [];
      let during = 0;
      try {
        for (let swap = 0; swap < 3; swap += 1) {
          const result = await rebuildReadModel(options({ batchSize: 25, lockTimeoutMs: 25 }));
          results.push(result);
          // Every event the run counts was committed to the shadow it swapped in (a catch-up
          // rolled back with its attempt and not redone on the retry would be counted only).
          const [record] = (await readRebuilds(db)).filter((r) => r.name === 'brands');
          expect(record?.eventsDone).toBe(result.eventsDone);
        }
        during = appended;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        writing = false;
        await Promise.all([...writers, reader, analyzer]);
      }

      expect(during).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      for (const result of results) expect(result.eventsDone).toBeGreaterThan(20 * 11);
      // Not headPosition(): another database's open transaction can hold back what it shows.
      expect(await live.waitFor(lastPosition, 20_000)).toBe(true);
      expect(await count('brands')).toBe(nextBrand);
      const verify = await verifyReadModel(options());
      expect(verify.tables.filter((t) => t.missingInLive + t.unexpectedInLive > 0)).toEqual([]);
      expect(verify.drift).toBe(false);
    },
    120_000,
  );
});
