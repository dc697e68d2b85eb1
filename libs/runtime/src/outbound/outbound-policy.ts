import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, LookupFunction } from 'node:net';
import { cidrList, effectiveAddress, isBlockedAddress } from './blocked-addresses';

/** What the platform may call on behalf of a user: `BERTH_OUTBOUND_ALLOW_PRIVATE`, `BERTH_OUTBOUND_ALLOW_CIDRS`. */
export interface OutboundSettings { BERTH_OUTBOUND_ALLOW_PRIVATE: boolean; BERTH_OUTBOUND_ALLOW_CIDRS: string[] }

/** Thrown (as a connection error) when a user-supplied host resolves to an address the platform does not call. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(host: string, address: string) {
    super(`${host === address ? address : `${host} resolves to ${address}`}, a private or loopback address this platform does not call`);
    this.name = 'OutboundRefusedError';
  }
}

/**
 * The one guard of every call to a URL a user supplied (README "Protections"): loopback, private,
 * CGNAT, link-local, unique-local, unspecified, multicast and reserved addresses, also inside
 * IPv4-mapped IPv6, are refused unless `allowPrivate` or listed in `allowedCidrs`. `urlProblem`
 * checks a URL when it is written (its host's current addresses); `lookup` checks the addresses a
 * connection is actually made to (DNS rebinding), for `net.connect` and undici (`outboundAgent`).
 */
export class OutboundPolicy {
  private readonly allowed: BlockList;

  constructor(readonly allowPrivate: boolean, allowedCidrs: readonly string[] = []) {
    this.allowed = cidrList(allowedCidrs);
  }

  static from(settings: OutboundSettings): OutboundPolicy {
    return new OutboundPolicy(settings.BERTH_OUTBOUND_ALLOW_PRIVATE, settings.BERTH_OUTBOUND_ALLOW_CIDRS);
  }

  /** Whether a connection to this IP address is refused. */
  refuses(address: string): boolean {
    if (this.allowPrivate || !isBlockedAddress(address)) return false;
    const { address: checked, family } = effectiveAddress(address);
    return !this.allowed.check(checked, family);
  }

  /** Why `url` may not be called, or undefined: only absolute http(s) URLs without credentials, whose host resolves to allowed addresses only. */
  async urlProblem(url: string): Promise<string | undefined> {
    let parsed: URL;
    try { parsed = new URL(url); } catch { return 'is not an absolute URL'; }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
    if (parsed.username || parsed.password) return 'must not carry credentials';
    return this.hostProblem(parsed.hostname);
  }

  /** Why `host` (a name or an IP address, IPv6 in brackets or not) may not be called, or undefined. */
  async hostProblem(host: string): Promise<string | undefined> {
    if (this.allowPrivate) return undefined;
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(bare) ? [bare] : await lookup(bare, { all: true }).then((all) => all.map((a) => a.address)).catch(() => undefined);
    if (!addresses) return `names a host that does not resolve (${bare})`;
    if (addresses.some((a) => this.refuses(a))) return 'names a private or loopback address';
    return undefined;
  }

  /** A `lookup` for `net.connect`/`tls.connect` that fails with OutboundRefusedError when any address of the host is refused. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => this.refuses(a.address));
      if (refused) return callback(new OutboundRefusedError(hostname, refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
