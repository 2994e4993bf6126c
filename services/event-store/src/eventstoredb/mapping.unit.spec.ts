import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import {
  fromExpectedRevision,
  isSystemEvent,
  schemaVersionKey,
  toActualVersion,
  toEsdbPosition,
  toEventData,
  toExpectedRevision,
  toLogPosition,
  toRecordedEvent,
} from './mapping';

const stored = (
  overrides: Partial<NonNullable<AllStreamResolvedEvent['event']>> = {},
): AllStreamResolvedEvent => ({
  event: {
    streamId: 'product-1',
    id: '6f1f6b0e-6f3e-4d43-9f7e-0c5a2b9d3e11',
    isJson: true,
    revision: 4n,
    type: 'ProductCreated',
    created: new Date('2025-01-02T03:04:05Z'),
    data: { name: 'Mug' },
    metadata: { brandId: 'b1', [schemaVersionKey]: 2 },
    position: { commit: 1200n, prepare: 1100n },
    ...overrides,
  } as NonNullable<AllStreamResolvedEvent['event']>,
});

describe('EventStoreDB mapping', () => {
  it('maps every expected version to an expected revision and back', () => {
    const cases = [
      ['any', 'any'],
      ['no_stream', 'no_stream'],
      ['stream_exists', 'stream_exists'],
      [0, 0n],
      [41, 41n],
    ] as const;
    for (const [version, revision] of cases) {
      expect(toExpectedRevision(version)).toBe(revision);
      expect(fromExpectedRevision(revision)).toBe(version);
    }
    expect(() => toExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toExpectedRevision(1.5)).toThrow(RangeError);
  });

  it("maps the server's current revision to the port's actual version", () => {
    expect(toActualVersion('no_stream')).toBe('no_stream');
    expect(toActualVersion(7n)).toBe(7);
    expect(() => toActualVersion(2n ** 60n)).toThrow(RangeError);
  });

  it('converts positions both ways without loss', () => {
    expect(toLogPosition({ commit: 10n, prepare: 9n })).toEqual({ commit: 10, prepare: 9 });
    expect(toEsdbPosition({ commit: 10, prepare: 9 })).toEqual({ commit: 10n, prepare: 9n });
  });

  it('recognises system streams and event types', () => {
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' })).toBe(
      true,
    );
    expect(isSystemEvent({ streamId: '$ce-product', type: 'ProductCreated' })).toBe(true);
    expect(isSystemEvent({ streamId: 'product-1', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: 'product-1', type: 'ProductCreated' })).toBe(false);
  });

  it('writes JSON events carrying the schema version in their metadata', () => {
    const data = toEventData({
      type: 'ProductCreated',
      data: { name: 'Mug' },
      metadata: { brandId: 'b1' },
      schemaVersion: 3,
    });
    expect(data).toMatchObject({
      contentType: 'application/json',
      type: 'ProductCreated',
      data: { name: 'Mug' },
      metadata: { brandId: 'b1', [schemaVersionKey]: 3 },
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(toEventData({ id: 'given', type: 'T', data: {} })).toMatchObject({
      id: 'given',
      metadata: { [schemaVersionKey]: 1 },
    });
  });

  it('reads a stored event into the port shape, schema version out of the metadata', () => {
    expect(toRecordedEvent(stored())).toEqual({
      id: '6f1f6b0e-6f3e-4d43-9f7e-0c5a2b9d3e11',
      type: 'ProductCreated',
      data: { name: 'Mug' },
      metadata: { brandId: 'b1' },
      schemaVersion: 2,
      streamName: 'product-1',
      streamVersion: 4,
      position: { commit: 1200, prepare: 1100 },
      recordedAt: new Date('2025-01-02T03:04:05Z'),
    });
    expect(toRecordedEvent(stored({ metadata: new Uint8Array([1]) }))).toMatchObject({
      metadata: {},
      schemaVersion: 1,
    });
  });

  it('drops system events and unresolved links', () => {
    expect(toRecordedEvent(stored({ streamId: '$settings', type: '$metadata' }))).toBeUndefined();
    expect(toRecordedEvent({})).toBeUndefined();
  });
});
