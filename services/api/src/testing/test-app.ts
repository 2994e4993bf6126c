import { domainEventUpcasts } from '@brand-api/contracts';
import {
  createPostgresEventStore,
  createProjectionRunner,
  migrate,
  catchUpInline,
  singleStreamRequested,
  singleStreamWhenRequested,
  upcastOnRead,
} from '@brand-api/event-store';
import type { EventStore, ProjectionRunner } from '@brand-api/event-store';
import { createTestDatabase } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import pino from 'pino';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { hashAdminToken } from '../operator-api/operator-auth';
import { createApp } from '../app';
import type { AppConfig, AppDeps, BrandApiApp } from '../app';
import { allMigrations } from '../runtime/migrations';
import {
  inlineProjectorFor,
  logParkedEvent,
  processWritersFor,
  readModelProjections,
} from '../runtime/projections';

export const testAdminToken = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: BrandApiApp;
  http: TestAgent;
  testDb: TestDatabase;
  eventStore: EventStore;
  runner: ProjectionRunner;
  /** Creates a brand and a key with the given scopes through the operator API. */
  brandWithKey(
    scopes: readonly string[],
    name?: string,
  ): Promise<{ brandId: string; key: string; keyId: string }>;
  close(): Promise<void>;
}

/**
 * The real thing, minus the port: a fresh database (PGlite, or a new database on the server
 * when TEST_DATABASE_URL is set), migrations, the Postgres event store applying the read models
 * inline (or refusing multi-stream appends when EVENT_STORE_SINGLE_STREAM=true, the read models
 * then applied by the runner), the projection runner,
 * and the app driven by supertest through `app.callback()`.
 */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    deps?: Partial<AppDeps>;
    /**
     * `async`: the read models applied by the runner after each write, as on EventStoreDB or a
     * single-stream log (where events a projection cannot apply are parked). Default: inline,
     * unless EVENT_STORE_SINGLE_STREAM=true.
     */
    readModels?: 'inline' | 'async';
  } = {},
): Promise<TestApp> {
  const logger = options.deps?.logger ?? pino({ level: 'silent' });
  const testDb = await createTestDatabase();
  await migrate(testDb.db, allMigrations);
  // EVENT_STORE_SINGLE_STREAM=true runs the suite on the write path EventStoreDB forces, with
  // the read models applied by the runner; otherwise they are applied inline, as in production.
  const singleStream = singleStreamRequested(process.env);
  // A process that answers reads, as `serve`: on a server it holds the sole writer's lease
  // while no other process writes (its read cache serves then).
  const writers = processWritersFor(testDb.db, true, logger);
  const inline =
    options.readModels === 'async'
      ? undefined
      : inlineProjectorFor(
          singleStream ? 'single-stream' : 'postgres-multi-stream',
          writers.writers,
        );
  const eventStore = upcastOnRead(
    singleStreamWhenRequested(createPostgresEventStore(testDb.db, inline ? { inline } : {})),
    domainEventUpcasts,
  );
  if (inline) {
    await catchUpInline(testDb.db, eventStore, inline);
    writers.start();
  }
  const runner = createProjectionRunner({
    db: testDb.db,
    store: eventStore,
    projections: readModelProjections,
    ...(inline ? { inline } : {}),
    pollMs: 50,
    onParked: logParkedEvent(logger),
  });
  const close = async () => {
    await writers.stop();
    await runner.stop();
    await eventStore.close();
    await testDb.drop();
  };
  await runner.start();
  let app: BrandApiApp;
  try {
    app = createApp({
      db: testDb.db,
      eventStore,
      projections: runner,
      logger,
      config: {
        adminTokenHash: hashAdminToken(testAdminToken),
        migrations: allMigrations.map((migration) => migration.id),
        ...options.config,
      },
      ...options.deps,
    });
  } catch (error) {
    // An app that cannot be built (a wiring test) leaves no running projections or database.
    await close();
    throw error;
  }
  const http = supertest(app.callback());
  const admin = `Bearer ${testAdminToken}`;

  return {
    app,
    http,
    testDb,
    eventStore,
    runner,
    async brandWithKey(scopes, name = 'Test brand') {
      const brand = await http
        .post('/admin/v1/brands')
        .set('authorization', admin)
        .send({ name })
        .expect(201);
      const brandId = (brand.body as { data: { id: string } }).data.id;
      const key = await http
        .post(`/admin/v1/brands/${brandId}/api-keys`)
        .set('authorization', admin)
        .send({ scopes, name: 'test key' })
        .expect(201);
      const { id: keyId, key: secret } = (key.body as { data: { id: string; key: string } }).data;
      return { brandId, key: secret, keyId };
    },
    close,
  };
}

export const adminAuth = `Bearer ${testAdminToken}`;

/**
 * Another API instance on a test app's database and event store, as a second process of the
 * deployment: its own caches, limits and middleware, the test app's projection runner and admin
 * token unless `deps` give others (`config` replaces the whole config).
 */
export function secondInstance(
  t: TestApp,
  deps: Partial<AppDeps> = {},
): { app: BrandApiApp; http: TestAgent } {
  const app = createApp({
    db: t.testDb.db,
    eventStore: t.eventStore,
    projections: t.runner,
    logger: pino({ level: 'silent' }),
    config: { adminTokenHash: hashAdminToken(testAdminToken) },
    ...deps,
  });
  return { app, http: supertest(app.callback()) };
}

/**
 * The calling spec file's test app (see `createTestApp`): created in a beforeAll and closed in
 * an afterAll, both registered where this is called. `t()` is the app once created.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
  });
  afterAll(() => app?.close());
  return () => {
    if (!app) throw new Error('the test app is created in beforeAll: use it in a hook or a test');
    return app;
  };
}
