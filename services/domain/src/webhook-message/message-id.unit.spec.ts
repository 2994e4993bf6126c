import { webhookMessageId } from './message-id';

describe('webhook message ids', () => {
  it('are derived from the event id: stable, distinct, and free of the signature delimiter', () => {
    const a = webhookMessageId('3f1c7f0e-8a4b-4c3d-9e2f-1a2b3c4d5e6f');
    expect(webhookMessageId('3f1c7f0e-8a4b-4c3d-9e2f-1a2b3c4d5e6f')).toBe(a);
    expect(webhookMessageId('3f1c7f0e-8a4b-4c3d-9e2f-1a2b3c4d5e70')).not.toBe(a);
    expect(a).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });
});
