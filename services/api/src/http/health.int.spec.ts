import { brandStreamName } from '@brand-api/domain';
import { eventually } from '@brand-api/event-store/testing';
import { createTestApp } from '../testing/test-app';

jest.setTimeout(60_000);

describe('/readyz', () => {
  it('answers 503 naming a migration that has not run', async () => {
    const t = await createTestApp({
      config: { migrations: ['event-store/001-events', 'later/999-never'] },
    });
    try {
      const response = await t.http.get('/readyz').expect(503);
      expect(response.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
        details: [{ field: 'migrations', message: 'pending: later/999-never' }],
      });
      // Liveness is not readiness: the process still answers.
      await t.http.get('/healthz').expect(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the read models lag behind the log, and 200 once they catch up', async () => {
    // Read models applied by a runner after the write (EventStoreDB, single-stream logs): inline
    // ones cannot lag, they commit with the write.
    const t = await createTestApp({
      readModels: 'async',
      config: { readyProjectionsWithinMs: 200 },
    });
    try {
      await t.runner.stop();
      await t.eventStore.appendToStream(
        brandStreamName('6f1b2a3c-0000-4000-8000-000000000001'),
        [
          {
            type: 'BrandCreated',
            data: {
              brandId: '6f1b2a3c-0000-4000-8000-000000000001',
              name: 'Lagging',
              customAuthEnabled: false,
            },
            // What the command engine writes: the projections read the brand from it.
            metadata: {
              brandId: '6f1b2a3c-0000-4000-8000-000000000001',
              actor: { kind: 'operator', id: 'health-spec' },
              requestId: null,
              correlationId: '6f1b2a3c-0000-4000-8000-0000000000c1',
              causationId: null,
              occurredAt: '2026-11-26T00:00:00.000Z',
            },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
      // Readers see an event once no older transaction is running anywhere on the server.
      await eventually(async () => (await t.eventStore.readAll({})).length > 0);
      const lagging = await t.http.get('/readyz').expect(503);
      expect(lagging.body).toMatchObject({ details: [{ field: 'projections' }] });
      await t.runner.start();
      // Once caught up (the runner needs a moment on a loaded machine).
      await eventually(async () => (await t.http.get('/readyz')).status === 200);
    } finally {
      await t.close();
    }
  });
});
