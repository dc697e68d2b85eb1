/**
 * The console's addresses live in the URL's fragment (`#/applications/42?type=HOSTED`), so that the
 * platform serves the same index.html for every page and a reload keeps the page.
 */
export interface Route {
  /** The path's segments, decoded: `['applications', '42']`. */
  segments: string[];
  query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const queryAt = text.indexOf('?');
  const path = queryAt === -1 ? text : text.slice(0, queryAt);
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  return { segments, query: new URLSearchParams(queryAt === -1 ? '' : text.slice(queryAt + 1)) };
}

/** The fragment of a page: `href(['applications', id], { tab: 'versions' })` is `#/applications/<id>?tab=versions`. */
export function href(segments: readonly string[], query?: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `#/${segments.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
