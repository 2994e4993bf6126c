import type { RecordedEvent } from '@brand-api/event-store';
import { envelopeOf } from './event-export';

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: '5f0c2f43-6a55-4a8f-9d6c-0a4c9d3a2c11',
  type,
  data,
  metadata: { brandId: 'b1' },
  schemaVersion: 1,
  streamName: 'webhookEndpoint-e1',
  streamVersion: 0,
  position: { commit: 10, prepare: 3 },
  recordedAt: new Date('2026-11-22T10:00:00.000Z'),
});

describe('event export envelopes', () => {
  it('never carry a webhook signing secret out of the log', () => {
    const line = JSON.stringify(
      envelopeOf(
        recorded('WebhookEndpointRegistered', {
          endpointId: 'e1',
          url: 'https://brand.example.com/hooks',
          secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LTEyMzQ1Njc4',
        }),
      ),
    );
    expect(line).not.toContain('whsec_');
    expect(JSON.parse(line)).toMatchObject({
      type: 'WebhookEndpointRegistered',
      position: 3,
      commit: 10,
      data: { endpointId: 'e1', url: 'https://brand.example.com/hooks', secret: '[redacted]' },
    });
  });

  it('keep every other field as stored', () => {
    const data = { productId: 'p1', changes: { title: 'Shirt', imageUrl: null } };
    expect(envelopeOf(recorded('ProductUpdated', data)).data).toEqual(data);
  });
});
