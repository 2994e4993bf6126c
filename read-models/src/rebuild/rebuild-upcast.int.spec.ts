import { upcastOnRead } from '@brand-api/event-store';
import {
  appendBrandCreatedV0,
  brandNameWasTitle,
  createTestEventStore,
  hasPostgresServer,
} from '@brand-api/event-store/testing';
import type { TestEventStore } from '@brand-api/event-store/testing';
import { brandsMigrations, brandsProjection, getBrand } from '../brands';
import { brandsRebuildMigrations } from './bench/brand-activity';
import { rebuildReadModel } from './rebuild';

jest.setTimeout(60_000);

const brandId = '00000000-0000-4000-8000-0000000000b1';

describe(`a rebuild on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let stored: TestEventStore;

  beforeAll(async () => {
    stored = await createTestEventStore({
      migrations: brandsRebuildMigrations,
    });
    await appendBrandCreatedV0(stored.store, brandId, 'Acme');
  });
  afterAll(() => stored.close());

  it('replays old event versions upcast by the store it reads (a test-only upcast)', async () => {
    const store = upcastOnRead(stored.store, [brandNameWasTitle]);
    const readModel = { projection: brandsProjection, migrations: brandsMigrations };
    await rebuildReadModel({ db: stored.db, store, readModel });
    expect(await getBrand(stored.db, brandId)).toMatchObject({ name: 'Acme' });
  });
});
