import { randomUUID } from 'node:crypto';
import type { EventStore } from '@brand-api/event-store';

/**
 * Appends, past the API, a ProductCreated whose image width no integer column can hold: the
 * catalogue projection fails on it every time, as on an event from a bug or a hand edit.
 * Returns its global position (what operators name it by).
 */
export async function appendUnprojectableProduct(
  eventStore: EventStore,
  brandId: string,
): Promise<number> {
  const productId = randomUUID();
  const occurredAt = '2025-03-01T10:00:00.000Z';
  const { position } = await eventStore.appendToStream(
    `product-${productId}`,
    [
      {
        type: 'ProductCreated',
        data: {
          productId,
          storeId: `poison-${productId}`,
          title: 'Poison',
          description: 'An image no column can hold',
          imageUrl: 'https://cdn.example.com/p.png',
          imageWidth: 3_000_000_000,
          imageHeight: 10,
          onlineStoreUrl: `https://shop.example.com/poison-${productId}`,
          createdAt: occurredAt,
        },
        metadata: {
          brandId,
          actor: { kind: 'operator', id: 'hand-edit' },
          requestId: null,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt,
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  return position.prepare;
}
