import { recordedEvent } from '@brand-api/event-store/testing';
import { envelopeOf } from './event-export';

const recorded = (type: string, data: unknown) =>
  recordedEvent({ type, data, position: { commit: 10, prepare: 3 } });

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
