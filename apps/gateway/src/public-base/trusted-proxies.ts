import { BlockList, isIP } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** One entry of `BERTH_TRUSTED_PROXIES`: an IPv4 or IPv6 address, or a CIDR block of either. */
export function isProxyEntry(entry: string): boolean {
  const [address, prefix, more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The entries of a comma-separated list, blanks dropped. */
export function proxyEntries(list: string): string[] {
  return list.split(',').map((e) => e.trim()).filter(Boolean);
}

/**
 * The addresses whose `Forwarded` / `X-Forwarded-*` headers the gateway believes: the proxies in
 * front of it. An IPv4 client seen on a dual-stack socket (`::ffff:a.b.c.d`) is matched as IPv4.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly none: boolean;

  constructor(entries: string[]) {
    this.none = entries.length === 0;
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, Number(prefix), type);
    }
  }

  trusts(remoteAddress: string | undefined): boolean {
    if (this.none || !remoteAddress) return false;
    const mapped = MAPPED_V4.exec(remoteAddress);
    const address = mapped ? mapped[1] : remoteAddress;
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}
