import { checkWebhookTarget, nonPublicKind, targetPolicyFromEnv } from './target-guard';

const strict = { allowPrivateTargets: false };

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['fd00::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['224.0.0.1', 'multicast'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
  ])('classifies %s as %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])(
    'lets the public address %s through',
    (address) => {
      expect(nonPublicKind(address)).toBeUndefined();
    },
  );

  it('refuses literal and resolved private targets, and hosts that do not resolve', async () => {
    await expect(checkWebhookTarget('http://[::1]:8080/x', strict)).rejects.toThrow(
      '::1 is a loopback address',
    );
    await expect(checkWebhookTarget('http://0x7f.1/x', strict)).rejects.toThrow(
      '127.0.0.1 is a loopback address',
    );
    const resolve = (addresses: string[]) => () =>
      Promise.resolve(
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    await expect(
      checkWebhookTarget('https://hooks.example/x', strict, resolve(['93.184.216.34', '10.0.0.7'])),
    ).rejects.toThrow('hooks.example (10.0.0.7) is a private address');
    await expect(
      checkWebhookTarget('https://hooks.example/x', strict, resolve(['93.184.216.34'])),
    ).resolves.toBeUndefined();
    const failing = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    await expect(checkWebhookTarget('https://nowhere.example/x', strict, failing)).rejects.toThrow(
      'nowhere.example does not resolve (ENOTFOUND)',
    );
  });

  it('allows everything when WEBHOOK_ALLOW_PRIVATE_TARGETS=true, and only then', async () => {
    expect(targetPolicyFromEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })).toEqual({
      allowPrivateTargets: true,
    });
    expect(targetPolicyFromEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }).allowPrivateTargets).toBe(
      false,
    );
    expect(targetPolicyFromEnv({}).allowPrivateTargets).toBe(false);
    await expect(
      checkWebhookTarget(
        'http://127.0.0.1/x',
        targetPolicyFromEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }),
      ),
    ).resolves.toBeUndefined();
  });
});
