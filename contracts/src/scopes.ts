/**
 * API key scopes, spelled exactly as the product spells them, and `events:read` (issue 27). Both spellings of the member-groups
 * write scope exist on purpose: `member-groups:write` creates groups, `member_groups:write`
 * updates and deletes them. A key needs the exact scope a route names.
 */
import { Type } from 'typebox';

export const scopeDescriptions = {
  'brand_products:read': 'List and fetch brand products and their variants.',
  'brand_products:write':
    'Create, update and delete brand products and variants, including the bulk calls.',
  'members:read': 'List and fetch members.',
  'members:write': 'Update members: ban, unban, email verification and group membership.',
  'member-groups:read': 'List and fetch member groups.',
  'member-groups:write': 'Create member groups (hyphen spelling).',
  'member_groups:write': 'Update and delete member groups (underscore spelling).',
  'magic_link:write': 'Create magic sign-in links (brands with custom authentication only).',
  'posts:read': 'List posts.',
  'events:read':
    'List the brand’s events and follow them live (the events feed and stream), with the bodies and ids of their webhooks.',
} as const;

export type Scope = keyof typeof scopeDescriptions;

export const scopes = Object.keys(scopeDescriptions) as Scope[];

export const ScopeSchema = Type.Enum(scopes, {
  $id: 'Scope',
  title: 'Scope',
  description: 'A permission carried by an API key.',
});

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && Object.hasOwn(scopeDescriptions, value);
}
