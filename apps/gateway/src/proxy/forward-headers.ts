import type { IncomingHttpHeaders } from 'node:http';
import { PUBLIC_BASE_HEADER } from '@berth/auth';
import { AFTER_HEADER, POSITIONS_HEADER } from '@berth/runtime';

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection',
  'te', 'trailer', 'transfer-encoding', 'upgrade', 'host',
]);

/**
 * What a request never passes on to the upstream: hop-by-hop headers, and `Expect`: the client's
 * `Expect: 100-continue` (curl sends it with every body over 1 MiB) is answered by the gateway's
 * own HTTP server, which writes `100 Continue` before the request is handled, so the body is
 * already on its way when the request is forwarded. A client's `X-Berth-After` and
 * `X-Berth-Public-Base` are dropped too: only the gateway says which writes a request must see,
 * and what its public base is.
 */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'expect', AFTER_HEADER, PUBLIC_BASE_HEADER]);

/**
 * What a request to an internal app does not pass on either: the `Authorization` it was
 * authenticated by, which the principal stands for (docs/architecture.md), so no app but the one
 * logout needs sees a password or a token.
 */
const NOT_FORWARDED_WITHOUT_CREDENTIALS = new Set([...NOT_FORWARDED, 'authorization']);

/** X-Forwarded-Host and X-Forwarded-Proto of a request whose public base the gateway decided: that base's host and scheme. */
export function forwardedAddressOf(publicBase: string): { host: string; proto: string } {
  if (lastAddress.base === publicBase) return lastAddress.address;
  const { host, protocol } = new URL(publicBase);
  lastAddress = { base: publicBase, address: { host, proto: protocol.slice(0, -1) } };
  return lastAddress.address;
}

/** The last base `forwardedAddressOf` parsed: clients keep to one address, so most requests need no URL parsed. */
let lastAddress = { base: '', address: { host: '', proto: '' } };

/**
 * Request headers for the upstream: hop-by-hop ones and `Expect` dropped (and `Authorization` unless
 * `credentials`), X-Forwarded-* (`address`, the client's `peer`) and the correlation id set.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders, address: { host: string; proto: string }, peer: string, requestId: string, credentials = true,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const dropped = credentials ? NOT_FORWARDED : NOT_FORWARDED_WITHOUT_CREDENTIALS;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !dropped.has(name)) out[name] = value;
  }
  out['x-forwarded-host'] = address.host;
  out['x-forwarded-proto'] = address.proto;
  out['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;
  out['x-request-id'] = requestId;
  return out;
}

/**
 * What an upstream's answer never passes on to the client: hop-by-hop headers, `X-Powered-By` (it
 * tells an attacker what runs behind) and the positions of a write, which are the gateway's.
 */
const NOT_PASSED_ON = new Set([...HOP_BY_HOP, 'x-powered-by', POSITIONS_HEADER]);

/** Response headers for the client: hop-by-hop ones and `X-Powered-By` dropped, a `Location` on the upstream rewritten to the public base. */
export function clientResponseHeaders(
  headers: Record<string, string | string[] | undefined>, upstreamOrigin: string, publicBase: string,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || NOT_PASSED_ON.has(name)) continue;
    out[name] = name === 'location' && typeof value === 'string' && value.startsWith(upstreamOrigin)
      ? publicBase + value.slice(upstreamOrigin.length)
      : value;
  }
  return out;
}
