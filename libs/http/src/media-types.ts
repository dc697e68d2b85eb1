import { DomainError } from './domain-error';

export const LATEST_VERSION = '0.9';
const SUPPORTED_VERSIONS = [LATEST_VERSION];

/** The media type of a resource type under the configured brand, latest version. */
export function mediaType(brand: string, type: string): string {
  return `application/vnd.com.nsn.${brand}.${type}+json;ver=${LATEST_VERSION};charset=UTF-8`;
}

interface AcceptEntry { type: string; params: Record<string, string>; q: number }

/** Parses an Accept header leniently: trailing `;`, empty parts and stray spaces are ignored. */
export function parseAccept(header: string | undefined): AcceptEntry[] {
  if (!header) return [];
  return header.split(',').map((part) => {
    const [type, ...rawParams] = part.split(';').map((s) => s.trim());
    const params: Record<string, string> = {};
    for (const p of rawParams) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
    }
    const q = params.q === undefined ? 1 : Number(params.q);
    return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 1 };
  }).filter((e) => e.type && e.q > 0);
}

/**
 * The Content-Type to answer a request for a resource of `type` with. A missing Accept, `*\/*`,
 * `application/*`, `application/json` or the vendor type are all served the vendor type; without
 * `ver` the oldest supported version, with several versions the newest supported one.
 * @throws DomainError `Not Acceptable` when Accept names only types that cannot be served.
 */
export function negotiate(brand: string, type: string, accept: string | undefined): string {
  const entries = parseAccept(accept);
  if (entries.length === 0) return mediaType(brand, type);
  const vendor = `application/vnd.com.nsn.${brand}.${type}+json`.toLowerCase();
  const versions = entries.filter((e) => e.type === vendor).map((e) => e.params.ver);
  if (versions.length > 0) {
    const wanted = versions.includes(undefined as unknown as string)
      ? SUPPORTED_VERSIONS[0]
      : versions.filter((v) => SUPPORTED_VERSIONS.includes(v)).sort().pop();
    if (wanted) return `application/vnd.com.nsn.${brand}.${type}+json;ver=${wanted};charset=UTF-8`;
  }
  const generic = entries.some((e) => ['*/*', 'application/*', 'application/json'].includes(e.type)
    || (e.type.startsWith(`application/vnd.com.nsn.${brand}.`) && e.type.endsWith('+json')));
  if (generic) return mediaType(brand, type);
  throw new DomainError('general', 'Not Acceptable', `Cannot answer with any of: ${accept}`);
}
