import type { EventStore } from '../event-store';
import { comparePositions } from '../event-store';
import type { EventUpcast } from '../upcasting';
import { eventually } from './eventually';

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

/**
 * Appends a `BrandCreated` as version 0 stored it, and waits until readers of the log see it
 * (on a shared server, another test's open transaction holds back what `readAll` returns).
 */
export async function appendBrandCreatedV0(
  store: EventStore,
  brandId: string,
  name: string,
): Promise<void> {
  const { position } = await store.appendToStream(
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
  await eventually(async () => comparePositions(await store.headPosition(), position) >= 0);
}
