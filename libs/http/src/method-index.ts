import Router from 'find-my-way';

/** The methods Berth's routes use; any other method (TRACE, QUERY, PROPFIND…) is answered 405 or 404 (foreignMethods of libs/runtime). */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** The methods that change nothing: no XSRF token needed with a cookie, no write to report. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const ROUTE_METHODS: ReadonlySet<string> = new Set(METHODS);

/** Whether some Berth route may use `method`. */
export const isRouteMethod = (method: string | undefined): boolean => ROUTE_METHODS.has(method ?? '');

/**
 * Every route an app registers, by method, so that a request whose path exists under other
 * methods is answered 405 with `Allow` rather than 404. Fed from Fastify's onRoute hook.
 */
export class MethodIndex {
  private readonly router = Router();

  add(method: string | string[], url: string) {
    for (const m of Array.isArray(method) ? method : [method]) {
      // A bare catch-all (the gateway's `/*`) would make every path known; a wildcard under a prefix is a path like any other.
      if (!isRouteMethod(m) || url === '/*') continue;
      try { this.router.on(m as (typeof METHODS)[number], url, () => undefined); } catch { /* already known */ }
    }
  }

  /** The methods registered for `path` (no query string); empty when the path is unknown. */
  allowed(path: string): string[] {
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }
}
