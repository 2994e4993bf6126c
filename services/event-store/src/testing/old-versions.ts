import type { EventStore } from '../event-store';
import type { EventUpcast } from '../upcasting';

/**
 * A test-only old version, for proving that a reader sees events upcast: version 0 of
 * `BrandCreated` called the brand's name `title`; `brandNameWasTitle` upcasts it to today's.
 */
export const brandNameWasTitle: EventUpcast = {
  type: 'BrandCreated',
  fromVersion: 0,
  upcast: (data) => {
    const { title, ...rest } = data as { title: string };
    return { ...rest, name: title };
  },
};

/** Appends a `BrandCreated` as version 0 stored it. */
export async function appendBrandCreatedV0(
  store: EventStore,
  brandId: string,
  name: string,
): Promise<void> {
  await store.appendToStream(
    `brand-${brandId}`,
    [
      {
        type: 'BrandCreated',
        schemaVersion: 0,
        data: { brandId, title: name, customAuthEnabled: false },
        metadata: { brandId, occurredAt: '2025-03-01T10:00:00.000Z' },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}
