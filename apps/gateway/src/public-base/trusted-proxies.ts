import { type BlockList, isIP } from 'node:net';
import { cidrList } from '@berth/runtime';

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The addresses whose `Forwarded` / `X-Forwarded-*` headers the gateway believes: the proxies in
 * front of it. An IPv4 client seen on a dual-stack socket (`::ffff:a.b.c.d`) is matched as IPv4.
 */
export class TrustedProxies {
  private readonly list: BlockList;
  readonly none: boolean;

  constructor(entries: string[]) {
    this.none = entries.length === 0;
    this.list = cidrList(entries);
  }

  trusts(remoteAddress: string | undefined): boolean {
    if (this.none || !remoteAddress) return false;
    const mapped = MAPPED_V4.exec(remoteAddress);
    const address = mapped ? mapped[1] : remoteAddress;
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}
