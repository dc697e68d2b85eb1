import type { IncomingHttpHeaders } from 'node:http';
import { METHODS } from '@berth/http';
import type { OptionViewShape } from '../options/tenant-option-view';

/** The tenant-option category and key that set a tenant's CORS origins. */
export const CORS_CATEGORY = 'access.control';
export const ALLOW_ORIGIN_KEY = 'allow.origin';

/** Which browser origins may call the platform for a tenant: any (`*`), or those listed. */
export interface CorsPolicy { any: boolean; origins: ReadonlySet<string> }

export type Headers = Record<string, string>;

/** The methods Berth's routes use (libs/http METHODS). */
export const ALLOWED_METHODS = METHODS.join(', ');
/** Response headers a browser script may read beyond the CORS-safelisted ones. */
export const EXPOSED_HEADERS = 'Location, Content-Disposition, Retry-After, WWW-Authenticate, X-Request-Id';
const TOKEN_LIST = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*\s*$/;

/** An origin in the form a browser sends it (`scheme://host[:port]`, lower case, no default port), or undefined. */
export function normalizeOrigin(text: string): string | undefined {
  if (!/^https?:\/\/[^/?#@\s,]+$/i.test(text)) return undefined;
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

/**
 * The policy an `allow.origin` value sets: `*` allows any origin; otherwise a comma-separated list
 * of origins, of which those that are not origins are ignored. Undefined for a value that is not
 * text; an empty list allows none.
 */
export function parseAllowOrigin(value: unknown): CorsPolicy | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.trim() === '*') return { any: true, origins: new Set() };
  const origins = value.split(',').map((o) => normalizeOrigin(o.trim())).filter((o): o is string => o !== undefined);
  return { any: false, origins: new Set(origins) };
}

/** The gateway's view of a tenant's `access.control` options: its `allow.origin`, else the platform default. */
export function corsShape(fallback: CorsPolicy): OptionViewShape<CorsPolicy> {
  return { category: CORS_CATEGORY, keys: [ALLOW_ORIGIN_KEY], build: (values) => parseAllowOrigin(values[ALLOW_ORIGIN_KEY]) ?? fallback };
}

/** True for a CORS preflight: OPTIONS with `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/**
 * The CORS headers of an answer to a request from `origin`. An origin the tenant lists is echoed,
 * with credentials allowed (cookie login works from it); `*` answers `*` without credentials, so a
 * browser never sends a user's cookies to the platform from an origin the tenant did not list; any
 * other origin gets no CORS headers, and the browser withholds the answer from its script.
 */
export function responseCorsHeaders(policy: CorsPolicy, origin: string): Headers {
  if (policy.origins.size > 0) {
    const normalized = normalizeOrigin(origin);
    if (normalized && policy.origins.has(normalized)) {
      return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
    }
  }
  if (policy.any) return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
  return { vary: 'Origin' };
}

/**
 * The headers of the answer to a preflight, or undefined when the origin is not allowed: the
 * allowed methods, the requested headers (when they are a list of header names) and how long the
 * browser may cache the answer.
 */
export function preflightHeaders(policy: CorsPolicy, origin: string, headers: IncomingHttpHeaders, maxAgeSeconds: number): Headers | undefined {
  const cors = responseCorsHeaders(policy, origin);
  if (!cors['access-control-allow-origin']) return undefined;
  const answer = { ...cors };
  delete answer['access-control-expose-headers'];
  answer['access-control-allow-methods'] = ALLOWED_METHODS;
  const requested = headers['access-control-request-headers'];
  if (typeof requested === 'string' && TOKEN_LIST.test(requested)) answer['access-control-allow-headers'] = requested.trim();
  answer['access-control-max-age'] = String(maxAgeSeconds);
  return answer;
}
