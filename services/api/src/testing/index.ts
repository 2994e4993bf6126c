export { adminAuth, createTestApp, secondInstance, testAdminToken } from './test-app';
export type { TestApp } from './test-app';
export {
  adminTokenOf,
  demoKeyOf,
  freePort,
  runtimeUrlOf,
  spawnBrandApi,
  spawnTypeScript,
  stopRuntime,
} from './spawn-runtime';
export type { RuntimeChild } from './spawn-runtime';
export { describeWithPidNamespaces, pidNamespaceLauncher } from './pid-namespace';
export { appendUnprojectableProduct } from './poison';
export { errorOf } from './error-body';
export { startWebhookProjector } from './webhook-projector';
