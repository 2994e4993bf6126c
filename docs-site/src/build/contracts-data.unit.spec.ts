import { buildContractsData } from './contracts-data';

const data = buildContractsData('1.0.0');

describe('buildContractsData', () => {
  it('lists every scope of SPEC §6 and events:read with the operations that need it', () => {
    const scopes = Object.fromEntries(data.scopes.map((row) => [row.scope, row.operations]));
    expect(Object.keys(scopes).sort()).toEqual(
      [
        'brand_products:read',
        'brand_products:write',
        'magic_link:write',
        'member-groups:read',
        'member-groups:write',
        'member_groups:write',
        'members:read',
        'members:write',
        'posts:read',
        'events:read',
      ].sort(),
    );
    expect(scopes['posts:read']).toEqual(['GET /api/v1/posts']);
    expect(scopes['member-groups:write']).toEqual(['POST /api/v1/member-groups']);
    expect(scopes['events:read']).toEqual(['GET /api/v1/events', 'GET /api/v1/events/stream']);
    expect(data.scopes.flatMap((row) => row.operations)).toHaveLength(24);
  });

  it('holds the error codes of the Brand API, with SPEC §8 exact', () => {
    const byCode = Object.fromEntries(data.errors.map((row) => [row.code, row]));
    expect(byCode['UNAUTHORIZED']).toMatchObject({ statusCode: 401, message: 'Missing API key' });
    expect(byCode['NOT_FOUND']).toMatchObject({ statusCode: 404, message: 'Resource not found' });
    expect(byCode['RATE_LIMITED']).toMatchObject({ statusCode: 429 });
    // Operator and community codes are not answered by /api/v1.
    expect(byCode['ADMIN_UNAUTHORIZED']).toBeUndefined();
    expect(byCode['SESSION_REQUIRED']).toBeUndefined();
  });
});
