import { comparePositions, readCheckpoints } from '@brand-api/event-store';
import type { Queryable, LogPosition } from '@brand-api/event-store';
import { webhookProjection } from './webhook-projection';

const pollMs = 10;

/**
 * Read-after-write for the operator API: resolves true once the webhook projector has applied
 * the log up to `position` (whichever process runs it), false after `timeoutMs`. It reads the
 * checkpoint row, so it holds no connection between polls.
 */
export async function waitForWebhookProjection(
  db: Queryable,
  position: LogPosition,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [checkpoint] = await readCheckpoints(db, [webhookProjection.name]);
    if (
      checkpoint &&
      checkpoint.version >= webhookProjection.version &&
      comparePositions(checkpoint.position, position) >= 0
    ) {
      return true;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
