import { recordedEvent } from './testing/recorded-event';
import { UpcasterRegistry } from './upcasting';

const stored = (type: string, schemaVersion: number, data: unknown) =>
  recordedEvent({
    type,
    data,
    schemaVersion,
    metadata: { brandId: 'b1' },
    streamName: 'product-1',
  });

// Version 1 had `name`; version 2 renamed it `title`; version 3 added `currency`.
const renamed = {
  type: 'ProductCreated',
  fromVersion: 1,
  upcast: (data: unknown) => {
    const { name, ...rest } = data as { name: string };
    return { ...rest, title: name };
  },
};
const priced = {
  type: 'ProductCreated',
  fromVersion: 2,
  upcast: (data: unknown) => ({ ...(data as object), currency: null }),
};

describe('upcaster registry', () => {
  const registry = new UpcasterRegistry([priced, renamed]);

  it('upcasts an old event one version at a time, up to the newest', () => {
    const event = registry.upcast(stored('ProductCreated', 1, { productId: 'p1', name: 'Shirt' }));
    expect(event).toMatchObject({
      type: 'ProductCreated',
      schemaVersion: 3,
      data: { productId: 'p1', title: 'Shirt', currency: null },
      metadata: { brandId: 'b1' },
      streamName: 'product-1',
    });
    expect(registry.upcast(stored('ProductCreated', 2, { title: 'Hat' }))).toMatchObject({
      schemaVersion: 3,
      data: { title: 'Hat', currency: null },
    });
  });

  it('leaves newest and unregistered events as they are', () => {
    const newest = stored('ProductCreated', 3, { title: 'Hat', currency: 'EUR' });
    expect(registry.upcast(newest)).toBe(newest);
    const other = stored('VariantCreated', 1, { name: 'S' });
    expect(registry.upcast(other)).toBe(other);
  });

  it('refuses two upcasts from one version of one type', () => {
    expect(() => new UpcasterRegistry([renamed, { ...renamed }])).toThrow(
      'Two upcasts of ProductCreated from version 1',
    );
  });
});
