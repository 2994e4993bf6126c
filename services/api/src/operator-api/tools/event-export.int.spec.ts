import {
  createPostgresEventStore,
  eventStoreMigrations,
  migrate,
  upcastOnRead,
} from '@brand-api/event-store';
import type { EventStore } from '@brand-api/event-store';
import {
  appendBrandCreatedV0,
  brandNameWasTitle,
  createTestDatabase,
} from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { exportLines } from './event-export';

jest.setTimeout(60_000);

const brandId = '00000000-0000-4000-8000-0000000000b1';

describe('event export', () => {
  let testDb: TestDatabase;
  let stored: EventStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrate(testDb.db, eventStoreMigrations);
    stored = createPostgresEventStore(testDb.db);
    await appendBrandCreatedV0(stored, brandId, 'Acme');
  });
  afterAll(async () => {
    await stored.close();
    await testDb.drop();
  });

  it('exports old event versions upcast by the store it reads (a test-only upcast here)', async () => {
    const store = upcastOnRead(stored, [brandNameWasTitle]);
    let text = '';
    for await (const chunk of exportLines(store, {})) text += chunk;
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      expect.objectContaining({
        type: 'BrandCreated',
        schemaVersion: 1,
        data: { brandId, name: 'Acme', customAuthEnabled: false },
      }),
    ]);
  });
});
