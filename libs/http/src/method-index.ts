import Router from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * Every route an app registers, by method, so that a request whose path exists under other
 * methods is answered 405 with `Allow` rather than 404. Fed from Fastify's onRoute hook.
 */
export class MethodIndex {
  private readonly router = Router();

  add(method: string | string[], url: string) {
    for (const m of Array.isArray(method) ? method : [method]) {
      if (!(METHODS as readonly string[]).includes(m) || url.includes('*')) continue;
      try { this.router.on(m as (typeof METHODS)[number], url, () => undefined); } catch { /* already known */ }
    }
  }

  /** The methods registered for `path` (no query string); empty when the path is unknown. */
  allowed(path: string): string[] {
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }
}
