import { isIP } from 'node:net';

/** What an IP address is, for deciding whether the server may connect to it on an admin's say-so. */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared' // carrier-grade NAT, 100.64.0.0/10
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved' // documentation, benchmarking, protocol assignments, 240.0.0.0/4, broadcast
  | 'invalid';

type Range = readonly [prefix: string, bits: number, kind: AddressKind];

// IANA's special-purpose IPv4 ranges that are not globally reachable, with multicast; none can be an RPC provider.
const IPV4_RANGES: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

// Checked in order, after the forms that carry an IPv4 address; anything outside 2000::/3
// (global unicast) is not public.
const IPV6_RANGES: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
  ['2001::', 23, 'reserved'], // protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32, 'reserved'], // documentation
  ['3fff::', 20, 'reserved'], // documentation
];

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address (with or without an embedded dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]!));
    text = text.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (prefix[bit / 8]! & mask)) return false;
  }
  return true;
}

function classify(bytes: number[], ranges: readonly Range[], toBytes: (address: string) => number[]): AddressKind | undefined {
  return ranges.find(([prefix, bits]) => inRange(bytes, toBytes(prefix), bits))?.[2];
}

function ipv4Kind(bytes: number[]): AddressKind {
  return classify(bytes, IPV4_RANGES, ipv4Bytes) ?? 'public';
}

function ipv6Kind(bytes: number[]): AddressKind {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses reach the IPv4 address
  // they carry, as 6to4 (2002:AABB:CCDD::) does with the one in bytes 2-5.
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, ipv6Bytes('64:ff9b::'), 96);
  if (mapped || nat64) return ipv4Kind(bytes.slice(12, 16));
  if (zeros(0, 12) && !zeros(12, 15)) {
    const carried = ipv4Kind(bytes.slice(12, 16));
    return carried === 'public' ? 'reserved' : carried; // the deprecated IPv4-compatible form is routed nowhere
  }
  if (inRange(bytes, ipv6Bytes('2002::'), 16)) return ipv4Kind(bytes.slice(2, 6));
  const special = classify(bytes, IPV6_RANGES, ipv6Bytes);
  if (special) return special;
  return inRange(bytes, ipv6Bytes('2000::'), 3) ? 'public' : 'reserved';
}

/** The kind of an IP address given as text (IPv6 with or without brackets); 'invalid' for anything else. */
export function addressKind(address: string): AddressKind {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  switch (isIP(bare)) {
    case 4:
      return ipv4Kind(ipv4Bytes(bare));
    case 6:
      return ipv6Kind(ipv6Bytes(bare));
    default:
      return 'invalid';
  }
}

export const isPublicAddress = (address: string): boolean => addressKind(address) === 'public';
