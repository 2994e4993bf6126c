import { routes } from '@brand-api/contracts';
import type { Logger } from 'pino';
import type { Feature } from '../brand-api';
import { recordedLog } from './log-lines';
import { createTestApp } from './test-app';
import type { TestApp } from './test-app';

/**
 * A test app serving only the operations `feature` handles, with its handlers (a test's own
 * failing ones, say), logging to `logger`.
 */
export function createFeatureTestApp(feature: Feature, logger: Logger): Promise<TestApp> {
  const handled = feature.handlers(undefined as never);
  return createTestApp({
    deps: {
      routes: routes.filter((route) => route.operationId in handled),
      features: [feature],
      logger,
    },
  });
}

/**
 * `feature`'s test app for the calling spec file, logging to a recorded log, with a brand key of
 * `scopes`: started in a beforeAll and closed in an afterAll registered where this is called.
 * `t()` and `key()` are the app and the key once started; `lines` what the app logged.
 */
export function useFeatureTestApp(
  feature: Feature,
  scopes: readonly string[],
): { t: () => TestApp; key: () => string; lines: Record<string, unknown>[] } {
  const { logger, lines } = recordedLog();
  let started: { t: TestApp; key: string } | undefined;
  beforeAll(async () => {
    const t = await createFeatureTestApp(feature, logger);
    started = { t, key: (await t.brandWithKey(scopes)).key };
  });
  afterAll(() => started?.t.close());
  const get = () => {
    if (!started) throw new Error('the feature test app starts in beforeAll: use it in a test');
    return started;
  };
  return { t: () => get().t, key: () => get().key, lines };
}
