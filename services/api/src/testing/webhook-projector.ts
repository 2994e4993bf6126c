import { createProjectionRunner } from '@brand-api/event-store';
import type { ProjectionRunner } from '@brand-api/event-store';
import { webhookProjection } from '@brand-api/webhooks';
import type { TestApp } from './test-app';

/**
 * The webhook projector on a test app's database and event store, started (createTestApp runs
 * the read-model projections only; the webhook worker runs this one). Polls every 20 ms; stop it
 * before closing the app.
 */
export async function startWebhookProjector(t: TestApp): Promise<ProjectionRunner> {
  const projector = createProjectionRunner({
    db: t.testDb.db,
    store: t.eventStore,
    projections: [webhookProjection],
    pollMs: 20,
  });
  await projector.start();
  return projector;
}
