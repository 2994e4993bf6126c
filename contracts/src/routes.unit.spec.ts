import { routes, routeTable } from './routes';
import { scopes } from './scopes';

/** The product's list of calls, row by row: the operations the Brand API has, and nothing else. */
const specOperations = [
  'get /brand-product-variants',
  'post /brand-product-variants',
  'get /brand-product-variants/{id}',
  'patch /brand-product-variants/{id}',
  'delete /brand-product-variants/{id}',
  'post /brand-product-variants/bulk',
  'get /brand-products',
  'post /brand-products',
  'get /brand-products/{id}',
  'patch /brand-products/{id}',
  'delete /brand-products/{id}',
  'post /brand-products/bulk',
  'get /members',
  'get /members/{id}',
  'patch /members/{id}',
  'get /member-groups',
  'post /member-groups',
  'get /member-groups/{id}',
  'patch /member-groups/{id}',
  'delete /member-groups/{id}',
  'post /magic-link',
  'get /posts',
];

/** Issue 27: the events feed and its live stream. */
const eventOperations = ['get /events', 'get /events/stream'];

/** The scope of each call (both member-groups spellings exactly as the product writes them). */
const specScopes: Record<string, string> = {
  'get /brand-product-variants': 'brand_products:read',
  'get /brand-product-variants/{id}': 'brand_products:read',
  'get /brand-products': 'brand_products:read',
  'get /brand-products/{id}': 'brand_products:read',
  'post /brand-product-variants': 'brand_products:write',
  'patch /brand-product-variants/{id}': 'brand_products:write',
  'delete /brand-product-variants/{id}': 'brand_products:write',
  'post /brand-product-variants/bulk': 'brand_products:write',
  'post /brand-products': 'brand_products:write',
  'patch /brand-products/{id}': 'brand_products:write',
  'delete /brand-products/{id}': 'brand_products:write',
  'post /brand-products/bulk': 'brand_products:write',
  'get /members': 'members:read',
  'get /members/{id}': 'members:read',
  'patch /members/{id}': 'members:write',
  'get /member-groups': 'member-groups:read',
  'get /member-groups/{id}': 'member-groups:read',
  'post /member-groups': 'member-groups:write',
  'patch /member-groups/{id}': 'member_groups:write',
  'delete /member-groups/{id}': 'member_groups:write',
  'post /magic-link': 'magic_link:write',
  'get /posts': 'posts:read',
  'get /events': 'events:read',
  'get /events/stream': 'events:read',
};

/** The query parameters the product names for each list call. */
const specQueries: Record<string, string[]> = {
  listBrandProductVariants: ['limit', 'cursor', 'productId', 'productStoreId', 'updatedAfter'],
  listBrandProducts: ['limit', 'cursor', 'updatedAfter'],
  listMembers: ['limit', 'after', 'group_id'],
  listMemberGroups: ['limit', 'after'],
  listPosts: ['roomId', 'limit', 'after', 'createdAtAfter'],
  listEvents: ['limit', 'cursor', 'types', 'createdAfter'],
  streamEvents: ['cursor', 'types'],
};

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('route table', () => {
  it('has exactly the 22 operations of SPEC §7 and the two of the events feed', () => {
    expect(routes).toHaveLength(24);
    expect(routes.map(key).sort()).toEqual([...specOperations, ...eventOperations].sort());
  });

  it('requires the scope SPEC §6 gives each operation', () => {
    for (const route of routes)
      expect([key(route), route.scope]).toEqual([key(route), specScopes[key(route)]]);
  });

  it('uses only known scopes and every scope is used', () => {
    expect(new Set(routes.map((route) => route.scope))).toEqual(new Set(scopes));
  });

  it('keys every route by its unique operationId', () => {
    for (const [operationId, route] of Object.entries(routeTable)) {
      expect(route.operationId).toBe(operationId);
    }
    expect(new Set(routes.map((route) => route.operationId)).size).toBe(routes.length);
  });

  it('takes the query parameters SPEC §7 names, and only list calls take a query', () => {
    const withQuery = routes.filter((route) => route.query);
    expect(withQuery.map((route) => route.operationId).sort()).toEqual(
      Object.keys(specQueries).sort(),
    );
    for (const route of withQuery) {
      expect(Object.keys(route.query!.properties).sort()).toEqual(
        specQueries[route.operationId]!.sort(),
      );
    }
  });

  it('declares an {id} path parameter exactly where the path has one', () => {
    for (const route of routes) {
      expect([key(route), Object.keys(route.params?.properties ?? {})]).toEqual([
        key(route),
        route.path.includes('{id}') ? ['id'] : [],
      ]);
    }
  });

  it('answers 201 to creates and 200 to everything else', () => {
    const creates = routes.filter((route) => route.successStatus === 201).map(key);
    expect(creates.sort()).toEqual(
      ['post /brand-product-variants', 'post /brand-products', 'post /member-groups'].sort(),
    );
  });

  it('versions every single resource of products, variants, members and groups', () => {
    const versioned = routes.filter((route) => route.versioned).map(key);
    expect(versioned.sort()).toEqual(
      [
        'post /brand-products',
        'get /brand-products/{id}',
        'patch /brand-products/{id}',
        'delete /brand-products/{id}',
        'post /brand-product-variants',
        'get /brand-product-variants/{id}',
        'patch /brand-product-variants/{id}',
        'delete /brand-product-variants/{id}',
        'get /members/{id}',
        'patch /members/{id}',
        'post /member-groups',
        'get /member-groups/{id}',
        'patch /member-groups/{id}',
        'delete /member-groups/{id}',
      ].sort(),
    );
  });

  it('rate-limits the two bulk calls, and bounds the open event streams of a key', () => {
    const limited = routes.filter((route) => route.rateLimit === 'bulk').map(key);
    expect(limited.sort()).toEqual([
      'post /brand-product-variants/bulk',
      'post /brand-products/bulk',
    ]);
    for (const route of routes) {
      expect(route.errors.includes('RATE_LIMITED')).toBe(
        route.rateLimit === 'bulk' || route.operationId === 'streamEvents',
      );
    }
  });

  it('lists the errors each kind of operation can answer', () => {
    for (const route of routes) {
      expect(route.errors).toEqual(
        expect.arrayContaining(['UNAUTHORIZED', 'INVALID_API_KEY', 'FORBIDDEN']),
      );
      expect(route.errors.includes('NOT_FOUND')).toBe(route.path.includes('{id}'));
      expect(route.errors.includes('INVALID_JSON')).toBe(route.body !== undefined);
    }
    for (const route of routes) {
      const takesIfMatch =
        route.versioned === true && (route.method === 'patch' || route.method === 'delete');
      expect(route.errors.includes('PRECONDITION_FAILED')).toBe(takesIfMatch);
    }
    expect(routeTable.createMagicLink.errors).toContain('CUSTOM_AUTH_NOT_ENABLED');
    expect(routeTable.updateMember.errors).toContain('EMAIL_VERIFICATION_NOT_ALLOWED');
    expect(routeTable.createBrandProduct.errors).toContain('CONFLICT');
    expect(routeTable.createBrandProductVariant.errors).toContain('CONFLICT');
  });
});
