import {
  createPostgresEventStore,
  eventStoreMigrations,
  migrate,
  projectionMigrations,
  upcastOnRead,
} from '@brand-api/event-store';
import type { EventStore } from '@brand-api/event-store';
import {
  appendBrandCreatedV0,
  brandNameWasTitle,
  createTestDatabase,
  hasPostgresServer,
} from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { brandsMigrations, brandsProjection, getBrand } from '../brands';
import { rebuildMigrations } from './migrations';
import { rebuildReadModel } from './rebuild';

jest.setTimeout(60_000);

const brandId = '00000000-0000-4000-8000-0000000000b1';

describe(`a rebuild on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let testDb: TestDatabase;
  let stored: EventStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrate(testDb.db, [
      ...eventStoreMigrations,
      ...projectionMigrations,
      ...brandsMigrations,
      ...rebuildMigrations,
    ]);
    stored = createPostgresEventStore(testDb.db);
    await appendBrandCreatedV0(stored, brandId, 'Acme');
  });
  afterAll(async () => {
    await stored.close();
    await testDb.drop();
  });

  it('replays old event versions upcast by the store it reads (a test-only upcast)', async () => {
    const store = upcastOnRead(stored, [brandNameWasTitle]);
    const readModel = { projection: brandsProjection, migrations: brandsMigrations };
    await rebuildReadModel({ db: testDb.db, store, readModel });
    expect(await getBrand(testDb.db, brandId)).toMatchObject({ name: 'Acme' });
  });
});
