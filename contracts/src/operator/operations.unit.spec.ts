import { memberCommunityOperations, publicCommunityOperations } from '../community';
import { operatorApi } from './index';
import type { OperationContract } from './operation';

const surfaces: Record<string, readonly OperationContract[]> = {
  '/admin/v1': Object.values(operatorApi),
  '/community/v1': [...publicCommunityOperations, ...memberCommunityOperations],
};

describe.each(Object.entries(surfaces))('the operations of %s', (_prefix, operations) => {
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

  it('answer JSON they describe, except redirects, empty answers and the NDJSON export', () => {
    const undescribed = operations
      .filter((operation) => operation.response === undefined)
      .map((operation) => operation.operationId);
    expect(undescribed.sort()).toEqual(
      ['adminExportEvents', 'redeemMagicLink', 'signOut'].filter((id) =>
        operations.some((operation) => operation.operationId === id),
      ),
    );
  });
});
