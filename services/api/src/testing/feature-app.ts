import { routes } from '@brand-api/contracts';
import type { Logger } from 'pino';
import type { Feature } from '../brand-api';
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
