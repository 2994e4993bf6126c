import { Type, type Static } from 'typebox';
import { DateTime, exampled, HttpUrl, Nullable, PixelSize, StoreId, Uuid } from '../primitives';

/**
 * The image of a product, each field nullable. A function, so that the create body can make its
 * own copies optional without changing the entity's schemas.
 */
export function productImageFields() {
  return {
    imageUrl: Nullable(HttpUrl({ description: 'Main product image.' })),
    imageWidth: Nullable(PixelSize()),
    imageHeight: Nullable(PixelSize()),
  };
}

/** Fields a brand sets on a product; shared by the entity and its create/update bodies. */
export const brandProductFields = {
  storeId: StoreId({ description: "The store's own id of the product; unique within the brand." }),
  title: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({
    maxLength: 65_535,
    description: 'Plain text or HTML from the store.',
  }),
  ...productImageFields(),
  onlineStoreUrl: HttpUrl({ description: 'The product page in the online store.' }),
};

/** A catalogue product. Every field is present in responses (absent values are null). */
export const BrandProduct = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Product id.' }),
      ...brandProductFields,
      updatedAt: DateTime(),
      createdAt: DateTime(),
    },
    {
      $id: 'BrandProduct',
      title: 'Brand product',
      description: "A product of the brand's catalogue, synchronised from its store.",
      additionalProperties: false,
    },
  ),
  {
    id: '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
    storeId: 'gid://shopify/Product/8123456789',
    title: 'Trail Runner 2',
    description: 'A light trail shoe with a grippy sole.',
    imageUrl: 'https://cdn.example.com/products/trail-runner-2.jpg',
    imageWidth: 1200,
    imageHeight: 800,
    onlineStoreUrl: 'https://shop.example.com/products/trail-runner-2',
    updatedAt: '2025-03-01T10:15:00.000Z',
    createdAt: '2025-02-20T08:00:00.000Z',
  },
);
export type BrandProduct = Static<typeof BrandProduct>;
