import {
  buildCommunityOpenApi,
  memberCommunityOperations,
  publicCommunityOperations,
} from '../community';
import type { JsonSchema } from '../openapi/json-schema';
import { routes } from '../routes';
import { buildOperatorOpenApi, operatorApi } from './index';
import type { OperationContract } from './operation';

const surfaces: Record<string, readonly OperationContract[]> = {
  '/admin/v1': Object.values(operatorApi),
  '/community/v1': [...publicCommunityOperations, ...memberCommunityOperations],
};

const documents: Record<string, () => JsonSchema> = {
  '/admin/v1': buildOperatorOpenApi,
  '/community/v1': buildCommunityOpenApi,
};

describe.each(Object.entries(surfaces))('the operations of %s', (prefix, operations) => {
  it('have one operationId each and one operation per method and path', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s names exactly its path parameters in its params schema',
    (_id, operation) => {
      const placeholders = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.params?.properties ?? {}).sort()).toEqual(placeholders.sort());
    },
  );

  it('answer JSON they describe, except redirects, empty answers, pages and the NDJSON export', () => {
    const undescribed = operations
      .filter((operation) => operation.response === undefined)
      .map((operation) => operation.operationId);
    expect(undescribed.sort()).toEqual(
      ['adminExportEvents', 'redeemMagicLink', 'showMembersLanding', 'signOut'].filter((id) =>
        operations.some((operation) => operation.operationId === id),
      ),
    );
  });

  it('name a Location for every 201: a path whose placeholders the request or answer fill', () => {
    for (const operation of operations.filter((op) => op.successStatus === 201)) {
      expect(operation.location).toMatch(/^\/(api|admin|community)\/v1\/[\w{}/-]+\/\{id\}$/);
      const params = Object.keys(operation.params?.properties ?? {});
      for (const [, name] of operation.location!.matchAll(/\{(\w+)\}/g)) {
        expect(name === 'id' || params.includes(name!)).toBe(true);
      }
    }
  });

  it('are the operations of their OpenAPI document, with summary, description and a 4xx', () => {
    const doc = documents[prefix]!() as {
      servers: { url: string }[];
      paths: Record<string, Record<string, JsonSchema>>;
    };
    expect(doc.servers[0]!.url).toBe(prefix);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(documented.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      operations.map((op) => `${op.method} ${op.path}`).sort(),
    );
    for (const operation of operations) {
      const op = doc.paths[operation.path]![operation.method]!;
      expect(op).toMatchObject({
        operationId: operation.operationId,
        summary: operation.summary,
        description: operation.description,
      });
      const statuses = Object.keys(op.responses as JsonSchema);
      expect(statuses).toContain(String(operation.successStatus));
      expect(statuses.some((status) => status.startsWith('4'))).toBe(true);
      for (const code of operation.errors ?? []) {
        expect(JSON.stringify(op.responses)).toContain(`#/components/examples/${code}`);
      }
    }
  });
});

describe('the Brand API route table', () => {
  it('names a Location for every 201', () => {
    for (const route of routes.filter((r) => r.successStatus === 201)) {
      expect(route.location).toBe(`/api/v1${route.path}/{id}`);
    }
  });
});
