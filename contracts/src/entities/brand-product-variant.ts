import { Type, type Static } from 'typebox';
import {
  CurrencyCode,
  DateTime,
  exampled,
  HttpUrl,
  INT4_MAX,
  Nullable,
  PixelSize,
  StoreId,
  Uuid,
} from '../primitives';

/** Fields a brand sets on a variant; shared by the entity and its create/update bodies. */
export const brandProductVariantFields = {
  storeId: StoreId({ description: "The store's own id of the variant; unique within the brand." }),
  productStoreId: StoreId({ description: 'The store id of the parent product.' }),
  title: Type.String({ minLength: 1, maxLength: 255 }),
  barcode: Nullable(Type.String({ minLength: 1, maxLength: 64 })),
  sku: Nullable(Type.String({ minLength: 1, maxLength: 255 })),
  position: Type.Integer({
    minimum: 0,
    maximum: INT4_MAX,
    description: 'Display order within the product.',
  }),
  priceCents: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: INT4_MAX,
      description:
        'Price in the smallest unit of the currency, at most 2,147,483,647 (21,474,836.47 in a two-decimal currency).',
    }),
  ),
  currency: Nullable(CurrencyCode({ description: 'ISO 4217 code of the price.' })),
  imageUrl: Nullable(HttpUrl()),
  imageWidth: Nullable(PixelSize()),
  imageHeight: Nullable(PixelSize()),
};

export const BrandProductVariant = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Variant id.' }),
      ...brandProductVariantFields,
      productId: Uuid({ description: 'Id of the parent product.' }),
      updatedAt: DateTime(),
      createdAt: DateTime(),
    },
    {
      $id: 'BrandProductVariant',
      title: 'Brand product variant',
      description: 'A purchasable variant (size, colour…) of a brand product.',
      additionalProperties: false,
    },
  ),
  {
    id: '2c4e6a8b-0d1f-4a3c-9e5b-7d9f1b3d5f7a',
    storeId: 'gid://shopify/ProductVariant/44123456789',
    productStoreId: 'gid://shopify/Product/8123456789',
    title: 'EU 42 / Forest green',
    barcode: '4006381333931',
    sku: 'TR2-42-GRN',
    position: 1,
    priceCents: 12900,
    currency: 'EUR',
    imageUrl: null,
    imageWidth: null,
    imageHeight: null,
    productId: '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
    updatedAt: '2025-03-01T10:15:00.000Z',
    createdAt: '2025-02-20T08:00:00.000Z',
  },
);
export type BrandProductVariant = Static<typeof BrandProductVariant>;
