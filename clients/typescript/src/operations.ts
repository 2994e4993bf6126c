/**
 * Method and path of every operation, the only part of the route table the client needs at run
 * time. Kept here rather than imported so the published client does not load the contracts; the
 * `satisfies` clause checks each entry against the contracts' route table (literal method and
 * path, no operation missing, none extra), so a changed route fails the client's type-check.
 */
import type { routeTable } from '@brand-api/contracts';

type RouteTable = typeof routeTable;

export const operations = {
  listBrandProductVariants: { method: 'get', path: '/brand-product-variants' },
  createBrandProductVariant: { method: 'post', path: '/brand-product-variants' },
  getBrandProductVariant: { method: 'get', path: '/brand-product-variants/{id}' },
  updateBrandProductVariant: { method: 'patch', path: '/brand-product-variants/{id}' },
  deleteBrandProductVariant: { method: 'delete', path: '/brand-product-variants/{id}' },
  bulkBrandProductVariants: { method: 'post', path: '/brand-product-variants/bulk' },
  listBrandProducts: { method: 'get', path: '/brand-products' },
  createBrandProduct: { method: 'post', path: '/brand-products' },
  getBrandProduct: { method: 'get', path: '/brand-products/{id}' },
  updateBrandProduct: { method: 'patch', path: '/brand-products/{id}' },
  deleteBrandProduct: { method: 'delete', path: '/brand-products/{id}' },
  bulkBrandProducts: { method: 'post', path: '/brand-products/bulk' },
  listMembers: { method: 'get', path: '/members' },
  getMember: { method: 'get', path: '/members/{id}' },
  updateMember: { method: 'patch', path: '/members/{id}' },
  listMemberGroups: { method: 'get', path: '/member-groups' },
  createMemberGroup: { method: 'post', path: '/member-groups' },
  getMemberGroup: { method: 'get', path: '/member-groups/{id}' },
  updateMemberGroup: { method: 'patch', path: '/member-groups/{id}' },
  deleteMemberGroup: { method: 'delete', path: '/member-groups/{id}' },
  createMagicLink: { method: 'post', path: '/magic-link' },
  listPosts: { method: 'get', path: '/posts' },
  listEvents: { method: 'get', path: '/events' },
  streamEvents: { method: 'get', path: '/events/stream' },
} as const satisfies { [Op in keyof RouteTable]: Pick<RouteTable[Op], 'method' | 'path'> };

export type OperationName = keyof typeof operations;
