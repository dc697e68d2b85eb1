import { BlockList, isIP } from 'node:net';

/** Loopback, private (RFC 1918), CGNAT, link-local, unique-local, unspecified, multicast and reserved ranges. */
const IPV4 = [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const;
const IPV6 = [['::', 96], ['::1', 128], ['100::', 64], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const;

/** IPv6 prefixes whose last 32 bits are an IPv4 address: IPv4-mapped and the NAT64 well-known prefix. */
const EMBEDS_IPV4 = [[0, 0, 0, 0, 0, 0xffff], [0x64, 0xff9b, 0, 0, 0, 0]];

/** A BlockList of CIDRs (`10.0.0.0/8`, `fd00::/8`, or one address); throws naming a bad entry. */
export function cidrList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits, extra] = cidr.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32) || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`"${cidr}" is not an address or CIDR`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

const BLOCKED = new BlockList();
for (const [net, bits] of IPV4) BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of IPV6) BLOCKED.addSubnet(net, bits, 'ipv6');

/** The address in the form to check: the IPv4 address an IPv4-mapped or NAT64 IPv6 address carries, else itself. */
export function effectiveAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) !== 6) return { address, family: 'ipv4' };
  const groups = ipv6Groups(address);
  const embedded = EMBEDS_IPV4.find((prefix) => prefix.every((g, i) => groups[i] === g));
  if (!embedded) return { address, family: 'ipv6' };
  return { address: [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.'), family: 'ipv4' };
}

/** Whether an IP address is one no user-supplied URL may reach (unless allowed): see IPV4 and IPV6 above. */
export function isBlockedAddress(address: string): boolean {
  const { address: checked, family } = effectiveAddress(address);
  return BLOCKED.check(checked, family);
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}
