import type { IncomingHttpHeaders } from 'node:http';
import { isIPv6 } from 'node:net';
import { configuredBase, PublicBaseOf } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { TrustedProxies } from './trusted-proxies';

/** What the gateway decides a request's public base from (`baseRules`). */
export interface BaseRules {
  /** `BERTH_PUBLIC_URL` without its trailing `/`: the base when the request names no usable address, and the whole URL (path included) for its own host. */
  configured: string;
  /** The configured URL's host[:port] and scheme. */
  configuredHost: string; configuredScheme: string;
  /** `BERTH_PUBLIC_URL_PINNED`: every request gets the configured base. */
  pinned: boolean;
  /** `BERTH_TRUSTED_PROXIES`: the peers whose forwarded headers count. */
  proxies: TrustedProxies;
}

/** The rules of `BERTH_PUBLIC_URL`, `BERTH_PUBLIC_URL_PINNED` and `BERTH_TRUSTED_PROXIES` (entries already validated by the config schema). */
export function baseRules(publicUrl: string, pinned: boolean, proxies: string[]): BaseRules {
  const url = new URL(publicUrl);
  return {
    configured: configuredBase({ BERTH_PUBLIC_URL: publicUrl }), configuredHost: url.host, configuredScheme: url.protocol.slice(0, -1),
    pinned, proxies: new TrustedProxies(proxies),
  };
}

/** The parts of a request the decision reads (an `IncomingMessage` has them). */
export interface RequestAddress {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string; encrypted?: boolean };
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
const HOST_PORT = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * `value` as a host for links, lower-cased: a DNS name or IPv4 address, or a bracketed IPv6
 * address, with an optional port 1-65535; undefined for anything else (user info, paths,
 * spaces, non-ASCII, several values), which must never reach a link.
 */
export function linkHost(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const known = linkHosts.get(value);
  if (known !== undefined || linkHosts.has(value)) return known;
  if (linkHosts.size >= LINK_HOSTS_KEPT) linkHosts.clear();
  const host = parseLinkHost(value);
  linkHosts.set(value, host);
  return host;
}

/** The last `Host` values seen and what `linkHost` made of them: a client sends the same one on every request. */
const linkHosts = new Map<string, string | undefined>();
const LINK_HOSTS_KEPT = 256;

function parseLinkHost(value: string): string | undefined {
  const m = HOST_PORT.exec(value);
  if (!m) return undefined;
  const name = m[1].toLowerCase();
  const valid = name.startsWith('[') ? isIPv6(name.slice(1, -1)) : NAME.test(name);
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (!valid || port === 0 || (port !== undefined && port > 65535)) return undefined;
  return port === undefined ? name : `${name}:${port}`;
}

/** The last entry of a list header (repeated header lines count as one list): the one the nearest proxy wrote. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const entries = (Array.isArray(value) ? value.join(',') : value).split(',').map((e) => e.trim()).filter(Boolean);
  return entries.at(-1);
}

/** `host` and `proto` of the last element of an RFC 7239 `Forwarded` header. */
function forwardedElement(value: string | string[] | undefined): { host?: string; proto?: string } {
  const element = lastEntry(value);
  if (!element) return {};
  const found: Record<string, string> = {};
  for (const pair of element.split(';')) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const raw = pair.slice(at + 1).trim();
    found[pair.slice(0, at).trim().toLowerCase()] = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  }
  return { host: found.host, proto: found.proto };
}

/** The address a trusted proxy reports: `Forwarded` first, then `X-Forwarded-Host` / `X-Forwarded-Proto`. */
function forwardedAddress(headers: IncomingHttpHeaders): { host?: string; proto?: string } {
  const standard = forwardedElement(headers.forwarded);
  return {
    host: standard.host ?? lastEntry(headers['x-forwarded-host']),
    proto: standard.proto ?? lastEntry(headers['x-forwarded-proto']),
  };
}

function scheme(proto: string | undefined): 'http' | 'https' | undefined {
  const lower = proto?.toLowerCase();
  return lower === 'http' || lower === 'https' ? lower : undefined;
}

/**
 * The public base URL of a request (docs/api/conventions.md): the configured one when pinned;
 * else `<scheme>://<host>` of the address the client used: the host of `Host` (of the
 * forwarded headers when the peer is a trusted proxy), the scheme of the connection (or the
 * trusted proxy's). A request for the configured URL's own host gets the configured URL itself
 * (its scheme, so that TLS ended in front of the gateway keeps `https`, and its path). A host
 * that is missing or not a valid host[:port] gets the configured URL.
 */
export function decidePublicBase(req: RequestAddress, rules: BaseRules): string {
  if (rules.pinned) return rules.configured;
  const forwarded = rules.proxies.trusts(req.socket.remoteAddress) ? forwardedAddress(req.headers) : {};
  const host = linkHost(forwarded.host ?? req.headers.host);
  if (host === undefined) return rules.configured;
  const own = host === rules.configuredHost;
  const chosen = scheme(forwarded.proto) ?? (own ? rules.configuredScheme : req.socket.encrypted ? 'https' : 'http');
  return own && chosen === rules.configuredScheme ? rules.configured : `${chosen}://${host}`;
}

/** The gateway's `PublicBaseOf` under its settings. */
export function gatewayPublicBase(config: Pick<GatewayConfig, 'BERTH_PUBLIC_URL' | 'BERTH_PUBLIC_URL_PINNED' | 'BERTH_TRUSTED_PROXIES'>): PublicBaseOf {
  const rules = baseRules(config.BERTH_PUBLIC_URL, config.BERTH_PUBLIC_URL_PINNED, config.BERTH_TRUSTED_PROXIES);
  return (req) => decidePublicBase(req, rules);
}
