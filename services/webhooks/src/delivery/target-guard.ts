import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard: webhook URLs are chosen by brands, so the deliverer must not become a way into
 * our own network. Every address a host resolves to is checked, at registration and again on
 * each connection (the connection uses the very address that was checked, so a DNS answer that
 * changes in between cannot slip through).
 */
export interface TargetPolicy {
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS=true`: tests and private deployments. */
  allowPrivateTargets: boolean;
}

export function targetPolicyFromEnv(env: Record<string, string | undefined>): TargetPolicy {
  return { allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS?.trim() === 'true' };
}

export class WebhookTargetError extends Error {
  override readonly name = 'WebhookTargetError';
}

const ranges: readonly [kind: string, subnet: string, prefix: number][] = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['shared (carrier-grade NAT)', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['documentation', '192.0.2.0', 24],
  ['private', '192.168.0.0', 16],
  ['benchmarking', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['discard-only', '100::', 64],
  ['private (local-use NAT64)', '64:ff9b:1::', 48],
  ['Teredo tunnel', '2001::', 32],
  ['benchmarking', '2001:2::', 48],
  ['private', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['site-local', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
  ['documentation', '2001:db8::', 32],
];

const blockLists = new Map<string, BlockList>();
for (const [kind, subnet, prefix] of ranges) {
  let list = blockLists.get(kind);
  if (!list) blockLists.set(kind, (list = new BlockList()));
  list.addSubnet(subnet, prefix, isIP(subnet) === 6 ? 'ipv6' : 'ipv4');
}

/** Why an address is not a public target ('loopback', 'private', …), or undefined when it is. */
export function nonPublicKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [kind, list] of blockLists) if (list.check(address, type)) return kind;
  // IPv4 carried inside IPv6 is judged as that IPv4: a host connects to it as such.
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  return embedded === undefined ? undefined : nonPublicKind(embedded);
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96, deprecated but still accepted by stacks), IPv4-translated (::ffff:0:0:0/96), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16), whatever way it is spelt (the groups are compared).
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (groups === undefined) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const last32 = v4(groups[6]!, groups[7]!);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return last32;
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return last32;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return last32;
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  const [head = '', tail] = dottedTailToHex(address).split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  if (start.some(Number.isNaN) || end.some(Number.isNaN)) return undefined;
  const groups = [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 ? groups : undefined;
}

/** `::ffff:10.0.0.1` → `::ffff:a00:1`: an IPv6 address may end in dotted IPv4. */
function dottedTailToHex(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) => {
    const [w, x, y, z] = [a, b, c, d].map(Number) as [number, number, number, number];
    return `${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  });
}

function refuse(host: string, address: string, kind: string): WebhookTargetError {
  const shown = host === address ? address : `${host} (${address})`;
  return new WebhookTargetError(
    `${shown} is a ${kind} address; webhooks go to public addresses only, unless the server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true`,
  );
}

/** `[::1]` → `::1`: URL hostnames keep IPv6 brackets, resolvers and checks do not. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export type ResolveAll = (host: string) => Promise<readonly LookupAddress[]>;

const resolveWithDns: ResolveAll = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * Registration-time check: the URL's host must resolve, and only to public addresses.
 * Throws WebhookTargetError with a message fit for the operator.
 */
export async function checkWebhookTarget(
  rawUrl: string,
  policy: TargetPolicy,
  resolveAll: ResolveAll = resolveWithDns,
): Promise<void> {
  if (policy.allowPrivateTargets) return;
  const host = hostOf(new URL(rawUrl));
  if (isIP(host) !== 0) {
    const kind = nonPublicKind(host);
    if (kind) throw refuse(host, host, kind);
    return;
  }
  let addresses: readonly LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new WebhookTargetError(`${host} does not resolve (${reason})`);
  }
  for (const { address } of addresses) {
    const kind = nonPublicKind(address);
    if (kind) throw refuse(host, address, kind);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves like dns.lookup, then refuses the connection when
 * any address is not public. IP-literal hosts never reach a lookup; see `checkLiteralHost`.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const all = (options as LookupAllOptions).all === true;
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, all ? [] : '');
      if (!policy.allowPrivateTargets) {
        for (const { address } of addresses) {
          const kind = nonPublicKind(address);
          if (kind) return callback(refuse(hostname, address, kind), all ? [] : '');
        }
      }
      if (all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new WebhookTargetError(`${hostname} has no address`), '');
      return callback(null, first.address, first.family);
    });
  };
}

/** Throws when an IP-literal host is not public (node connects to literals without a lookup). */
export function checkLiteralHost(url: URL, policy: TargetPolicy): void {
  if (policy.allowPrivateTargets) return;
  const host = hostOf(url);
  if (isIP(host) === 0) return;
  const kind = nonPublicKind(host);
  if (kind) throw refuse(host, host, kind);
}
