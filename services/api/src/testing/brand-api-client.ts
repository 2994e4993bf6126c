import type { TestApp } from './test-app';

/** Calls of `/api/v1` with one API key, as a brand's integration makes them. */
export function brandApiClient(app: () => TestApp, key: () => string) {
  const authorised = <R extends { set(name: string, value: string): R }>(request: R) =>
    request.set('authorization', `Bearer ${key()}`);
  return {
    get: (path: string) => authorised(app().http.get(`/api/v1${path}`)),
    post: (path: string, body: object) => authorised(app().http.post(`/api/v1${path}`)).send(body),
    patch: (path: string, body: object) =>
      authorised(app().http.patch(`/api/v1${path}`)).send(body),
    delete: (path: string) => authorised(app().http.delete(`/api/v1${path}`)),
  };
}
