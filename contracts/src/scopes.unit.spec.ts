import { scopeTable } from './scope-table';
import { isScope, scopeDescriptions, scopes } from './scopes';
import { routes } from './routes';

describe('scopes', () => {
  it('are spelled exactly as SPEC §6, with both member-groups spellings, and events:read', () => {
    expect([...scopes].sort()).toEqual(
      [
        'brand_products:read',
        'brand_products:write',
        'members:read',
        'members:write',
        'member-groups:read',
        'member-groups:write',
        'member_groups:write',
        'magic_link:write',
        'posts:read',
        'events:read',
      ].sort(),
    );
    expect(isScope('member_groups:read')).toBe(false);
  });

  it('each have a description and a row naming the operations needing them', () => {
    for (const row of scopeTable) {
      expect(row.description).toBe(scopeDescriptions[row.scope]);
      expect(row.operations.length).toBeGreaterThan(0);
    }
    const listed = scopeTable.flatMap((row) => row.operations.map((op) => op.operationId));
    expect(listed.sort()).toEqual(routes.map((route) => route.operationId).sort());
  });
});
