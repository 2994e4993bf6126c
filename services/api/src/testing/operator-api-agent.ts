import { adminAuth } from './test-app';
import type { TestApp } from './test-app';

/**
 * Calls of `/admin/v1` with the operator token through supertest, as an operator's tools make
 * them (the CLI's real HTTP client is `services/cli/src/operator-api-client.ts`).
 */
export function operatorApiAgent(app: () => TestApp) {
  const authorised = <R extends { set(name: string, value: string): R }>(request: R) =>
    request.set('authorization', adminAuth);
  return {
    get: (path: string) => authorised(app().http.get(`/admin/v1${path}`)),
    /** Without a body for the actions that take none (retry, skip, rebuild …). */
    post: (path: string, body?: object) => {
      const request = authorised(app().http.post(`/admin/v1${path}`));
      return body === undefined ? request : request.send(body);
    },
    patch: (path: string, body: object) =>
      authorised(app().http.patch(`/admin/v1${path}`)).send(body),
    delete: (path: string) => authorised(app().http.delete(`/admin/v1${path}`)),
  };
}
