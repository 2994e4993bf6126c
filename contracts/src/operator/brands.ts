/**
 * The operator API (`/admin/v1`): brands and their API keys. Not part of the public Brand API
 * document; the server mounts these and `brandctl` calls them.
 */
import { Type, type Static } from 'typebox';
import { Nullable, Uuid } from '../primitives';
import { ChangesBody, PageQuery } from '../requests/common';
import { ScopeSchema } from '../scopes';
import { defineOperation } from './operation';

const BrandName = Type.String({ minLength: 1, maxLength: 200 });

export const AdminBrand = Type.Object(
  { id: Uuid(), name: Type.String(), customAuthEnabled: Type.Boolean() },
  { additionalProperties: false },
);
export type AdminBrand = Static<typeof AdminBrand>;

export const AdminApiKey = Type.Object(
  {
    id: Uuid(),
    brandId: Uuid(),
    name: Nullable(Type.String()),
    scopes: Type.Array(Type.String()),
    prefix: Type.String({ description: 'The first characters of the key, to tell keys apart.' }),
    createdAt: Nullable(Type.String({ format: 'date-time' })),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type AdminApiKey = Static<typeof AdminApiKey>;

/** A key as issued: the only answer that carries its secret. */
export const AdminIssuedApiKey = Type.Object({
  id: Uuid(),
  brandId: Uuid(),
  name: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  prefix: Type.String(),
  key: Type.String({ description: 'The secret: shown in this response only.' }),
});
export type AdminIssuedApiKey = Static<typeof AdminIssuedApiKey>;

const BrandParams = Type.Object({ brandId: Uuid() }, { additionalProperties: false });
const KeyParams = Type.Object({ brandId: Uuid(), keyId: Uuid() }, { additionalProperties: false });

export const adminOperations = [
  defineOperation({
    operationId: 'adminCreateBrand',
    method: 'post',
    path: '/brands',
    summary: 'Create a brand',
    description:
      'Creates a brand; `customAuthEnabled` makes it sign members in through magic links.',
    location: '/admin/v1/brands/{id}',
    body: Type.Object(
      { name: BrandName, customAuthEnabled: Type.Optional(Type.Boolean({ default: false })) },
      { additionalProperties: false },
    ),
    successStatus: 201,
    response: Type.Object({ data: AdminBrand }),
  }),
  defineOperation({
    operationId: 'adminListBrands',
    method: 'get',
    path: '/brands',
    summary: 'List brands',
    description: 'Pages through every brand; pass `nextCursor` as `cursor` for the next page.',
    query: PageQuery('cursor'),
    successStatus: 200,
    response: Type.Object({
      hasMore: Type.Boolean(),
      data: Type.Array(AdminBrand),
      nextCursor: Nullable(Type.String()),
    }),
  }),
  defineOperation({
    operationId: 'adminGetBrand',
    method: 'get',
    path: '/brands/{brandId}',
    summary: 'Get a brand',
    description: 'Fetches one brand by id.',
    params: BrandParams,
    successStatus: 200,
    response: Type.Object({ data: AdminBrand }),
  }),
  defineOperation({
    operationId: 'adminUpdateBrand',
    method: 'patch',
    path: '/brands/{brandId}',
    summary: 'Update a brand',
    description: 'Renames a brand or switches its custom authentication on or off.',
    params: BrandParams,
    body: ChangesBody({ name: BrandName, customAuthEnabled: Type.Boolean() }),
    successStatus: 200,
    response: Type.Object({ data: AdminBrand }),
  }),
  defineOperation({
    operationId: 'adminIssueApiKey',
    method: 'post',
    path: '/brands/{brandId}/api-keys',
    summary: 'Issue an API key',
    description:
      'Issues a key with the given scopes. The secret `key` is in this answer only; afterwards only its prefix is shown.',
    location: '/admin/v1/brands/{brandId}/api-keys/{id}',
    params: BrandParams,
    body: Type.Object(
      {
        name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
        scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: 32 }),
      },
      { additionalProperties: false },
    ),
    successStatus: 201,
    response: Type.Object({ data: AdminIssuedApiKey }),
  }),
  defineOperation({
    operationId: 'adminListApiKeys',
    method: 'get',
    path: '/brands/{brandId}/api-keys',
    summary: "List a brand's API keys",
    description: "Lists the brand's keys, revoked ones included, without their secrets.",
    params: BrandParams,
    successStatus: 200,
    response: Type.Object({ data: Type.Array(AdminApiKey) }),
  }),
  defineOperation({
    operationId: 'adminRevokeApiKey',
    method: 'delete',
    path: '/brands/{brandId}/api-keys/{keyId}',
    summary: 'Revoke an API key',
    description: 'Revokes a key: calls with it answer 401 `INVALID_API_KEY` from then on.',
    params: KeyParams,
    successStatus: 200,
    response: Type.Object({ data: AdminApiKey }),
  }),
] as const;

export type AdminOperations = typeof adminOperations;
