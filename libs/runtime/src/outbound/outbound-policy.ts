import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, LookupFunction } from 'node:net';
import { AllowedEndpoints } from './allowed-endpoints';
import { cidrList, effectiveAddress, isBlockedAddress } from './blocked-addresses';

/** What the platform may call on behalf of a user: `BERTH_OUTBOUND_ALLOW_PRIVATE`, `BERTH_OUTBOUND_ALLOW_CIDRS`, `BERTH_OUTBOUND_ALLOW_HOSTS`. */
export interface OutboundSettings { BERTH_OUTBOUND_ALLOW_PRIVATE: boolean; BERTH_OUTBOUND_ALLOW_CIDRS: string[]; BERTH_OUTBOUND_ALLOW_HOSTS?: string[] }

/** The port a URL names, or its scheme's default. */
export function urlPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Thrown (as a connection error) when a user-supplied host resolves to an address the platform does not call. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(host: string, address: string) {
    super(`${host === address ? address : `${host} resolves to ${address}`}, a private or loopback address this platform does not call`);
    this.name = 'OutboundRefusedError';
  }
}

/**
 * The one guard of every call to a URL a user supplied (docs/security.md, "Outbound calls"): loopback, private,
 * CGNAT, link-local, unique-local, unspecified, multicast and reserved addresses, also inside
 * IPv4-mapped IPv6, are refused unless `allowPrivate`, within `allowedCidrs`, or the exact
 * `host:port` is in `allowedHosts` (a local test SMSC or identity provider, and nothing else on
 * that machine). `urlProblem` checks a URL when it is written (its host's current addresses);
 * `lookupFor` checks the addresses a connection is actually made to (DNS rebinding), for
 * `net.connect` and undici (`outboundAgent`).
 */
export class OutboundPolicy {
  private readonly allowed: BlockList;
  private readonly endpoints: AllowedEndpoints;

  constructor(readonly allowPrivate: boolean, allowedCidrs: readonly string[] = [], allowedHosts: readonly string[] = []) {
    this.allowed = cidrList(allowedCidrs);
    this.endpoints = new AllowedEndpoints(allowedHosts);
  }

  static from(settings: OutboundSettings): OutboundPolicy {
    return new OutboundPolicy(settings.BERTH_OUTBOUND_ALLOW_PRIVATE, settings.BERTH_OUTBOUND_ALLOW_CIDRS, settings.BERTH_OUTBOUND_ALLOW_HOSTS);
  }

  /** Whether a connection to this IP address (on `port`, when known) is refused. */
  refuses(address: string, port?: number): boolean {
    if (this.allowPrivate || !isBlockedAddress(address)) return false;
    const { address: checked, family } = effectiveAddress(address);
    if (this.allowed.check(checked, family)) return false;
    return port === undefined || !this.endpoints.has(address, port);
  }

  /** Why `url` may not be called, or undefined: only absolute http(s) URLs without credentials, whose host resolves to allowed addresses only. */
  async urlProblem(url: string): Promise<string | undefined> {
    let parsed: URL;
    try { parsed = new URL(url); } catch { return 'is not an absolute URL'; }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
    if (parsed.username || parsed.password) return 'must not carry credentials';
    return this.hostProblem(parsed.hostname, urlPort(parsed));
  }

  /** Why `host` (a name or an IP address, IPv6 in brackets or not) on `port` may not be called, or undefined. */
  async hostProblem(host: string, port: number): Promise<string | undefined> {
    if (this.allowPrivate) return undefined;
    const bare = host.replace(/^\[|\]$/g, '');
    if (!isIP(bare) && this.endpoints.has(bare, port)) return undefined;
    const addresses = isIP(bare) ? [bare] : await lookup(bare, { all: true }).then((all) => all.map((a) => a.address)).catch(() => undefined);
    if (!addresses) return `names a host that does not resolve (${bare})`;
    if (addresses.some((a) => this.refuses(a, port))) return 'names a private or loopback address';
    return undefined;
  }

  /**
   * A `lookup` for `net.connect`/`tls.connect` to `port` that fails with OutboundRefusedError when
   * any address of the host is refused; a host name listed with this port is taken as it resolves.
   */
  lookupFor(port: number): LookupFunction {
    return (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const refused = this.endpoints.has(hostname, port) ? undefined : addresses.find((a) => this.refuses(a.address, port));
        if (refused) return callback(new OutboundRefusedError(hostname, refused.address), '', 0);
        if (options.all) return (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses);
        return callback(null, addresses[0].address, addresses[0].family);
      });
    };
  }
}
