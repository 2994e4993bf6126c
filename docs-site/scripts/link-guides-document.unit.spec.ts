import { readFileSync } from 'node:fs';
import path from 'node:path';
import { linkOperationsToGuides, type OpenApiDocument } from './link-guides-document';

describe('guide links in the API reference', () => {
  const document = (): OpenApiDocument => ({
    paths: {
      '/members': { get: { operationId: 'listMembers', description: 'Pages through members.' } },
      '/members/{id}': {
        parameters: [],
        patch: { operationId: 'updateMember' },
        delete: { operationId: 'deleteMember' },
      },
      '/brand-products/bulk': { post: { operationId: 'bulkBrandProducts' } },
      '/magic-link': { post: { operationId: 'createMagicLink' } },
      '/unexplained': { get: { operationId: 'somethingElse' } },
    },
    webhooks: { 'post_comment.created': { post: { description: 'Sent.' } } },
  });

  it("appends the guide section to each operation's description, once", () => {
    const linked = document();
    expect(linkOperationsToGuides(linked)).toBe(6);
    expect(linkOperationsToGuides(linked)).toBe(0);
    const paths = linked.paths ?? {};
    expect(paths['/members']?.['get']).toEqual({
      operationId: 'listMembers',
      description:
        'Pages through members.\n\n**Guide:** [Pagination](/docs/developer/rest-api/#pagination)',
    });
    const description = (pathItem: string, method: string) =>
      (paths[pathItem]?.[method] as { description?: string }).description;
    expect(description('/members/{id}', 'patch')).toContain(
      '(/docs/developer/rest-api/#versions-and-concurrent-writes)',
    );
    expect(description('/members/{id}', 'delete')).toContain(
      '(/docs/developer/rest-api/#deleting)',
    );
    expect(description('/brand-products/bulk', 'post')).toContain('#bulk-calls-and-rate-limits)');
    expect(description('/magic-link', 'post')).toContain('(/docs/custom-auth/#the-sign-in-flow)');
    expect(description('/unexplained', 'get')).toBeUndefined();
    expect(
      (linked.webhooks?.['post_comment.created']?.['post'] as { description: string }).description,
    ).toBe(
      'Sent.\n\n**Guide:** [Webhooks: post_comment.created](/docs/developer/webhooks/#post_commentcreated)',
    );
  });

  it('links every operation of the Brand API reference the site shows', () => {
    const bundled = JSON.parse(
      readFileSync(path.join(__dirname, '../../contracts/dist/openapi.json'), 'utf8'),
    ) as OpenApiDocument;
    const count = Object.values(bundled.paths ?? {}).reduce(
      (sum, item) =>
        sum +
        Object.values(item).filter(
          (value) => typeof value === 'object' && value !== null && 'operationId' in value,
        ).length,
      0,
    );
    expect(linkOperationsToGuides(bundled)).toBe(
      count + Object.keys(bundled.webhooks ?? {}).length,
    );
  });
});
