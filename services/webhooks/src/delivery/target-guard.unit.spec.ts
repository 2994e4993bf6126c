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
    // IPv4-compatible (::/96), IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
    // in dotted, hex and long spellings: each is the IPv4 address it carries.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['0:0:0:0:0:0:7f00:1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::a00:1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['::a9fe:a9fe', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:6440:1', 'shared (carrier-grade NAT)'],
    ['64:ff9b:1::808:808', 'private (local-use NAT64)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo tunnel'],
    ['100::1', 'discard-only'],
    ['fec0::1', 'site-local'],
  ])('classifies %s as %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '172.32.0.1',
    '::ffff:808:808',
    '::8.8.8.8',
    '64:ff9b::808:808',
  ])('lets the public address %s through', (address) => {
    expect(nonPublicKind(address)).toBeUndefined();
  });

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
