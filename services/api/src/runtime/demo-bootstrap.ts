import { randomUUID } from 'node:crypto';
import { scopes } from '@brand-api/contracts';
import { comparePositions, startOfLog } from '@brand-api/event-store';
import type { CommandContext, Database, EventStore } from '@brand-api/event-store';
import type { BrandCommands } from '../application/brands';

export interface DemoCredentials {
  brandId: string;
  brandName: string;
  apiKeyId: string;
  apiKey: string;
  scopes: readonly string[];
}

export const demoBrandName = 'Demo Brand';

/**
 * On the first start with an empty event log, creates a demo brand (custom auth on, so every
 * call can be tried) and a key with every scope, so a new user can call the API at once.
 * Returns the credentials only to the one process that created them; they are never stored.
 */
export async function bootstrapDemo(deps: {
  db: Database;
  eventStore: EventStore;
  brands: BrandCommands;
}): Promise<DemoCredentials | undefined> {
  // Processes starting together on one server: one bootstraps, the others see a non-empty log.
  const lock = await deps.db.tryLock('brand-api:demo-bootstrap');
  if (!lock) return undefined;
  try {
    // The head a reader may pass leaves out events of transactions newer than any still
    // running on the server (another database's included): a log that looks empty is counted.
    const head = await deps.eventStore.headPosition();
    if (comparePositions(head, startOfLog) > 0) return undefined;
    if ((await deps.eventStore.countEvents()) > 0) return undefined;
    const correlationId = `demo-bootstrap-${randomUUID()}`;
    const context = (brandId: string): CommandContext => ({
      brandId,
      actor: { kind: 'system', id: 'demo-bootstrap', name: 'first start' },
      requestId: null,
      correlationId,
      causationId: null,
    });
    const brand = await deps.brands.createBrand(context, {
      name: demoBrandName,
      customAuthEnabled: true,
    });
    const { key, secret } = await deps.brands.issueApiKey(context(brand.id), {
      name: 'Demo key (every scope)',
      scopes,
    });
    return {
      brandId: brand.id,
      brandName: demoBrandName,
      apiKeyId: key.id,
      apiKey: secret,
      scopes,
    };
  } finally {
    await lock.release();
  }
}

/** What a first start prints: the secrets appear here once and are never stored in clear. */
export function firstStartBanner(options: {
  publicUrl: string;
  adminToken: string | undefined;
  demo: DemoCredentials | undefined;
}): string | undefined {
  const { adminToken, demo, publicUrl } = options;
  if (adminToken === undefined && demo === undefined) return undefined;
  const lines = ['', '=== Brand API: first start ==='];
  if (adminToken !== undefined) {
    lines.push(
      `Admin token (operator API /admin/v1, brandctl --token): ${adminToken}`,
      '  Set ADMIN_TOKEN to choose your own instead.',
    );
  }
  if (demo !== undefined) {
    lines.push(
      `Demo brand:   ${demo.brandName} (id ${demo.brandId}, custom auth enabled)`,
      `Demo API key: ${demo.apiKey}`,
      `  scopes: ${demo.scopes.join(' ')}`,
      `Try it:  curl -H "Authorization: Bearer ${demo.apiKey}" ${publicUrl}/api/v1/brand-products`,
    );
  }
  lines.push('These secrets are shown only now; only their hashes are kept.', '');
  return lines.join('\n');
}
