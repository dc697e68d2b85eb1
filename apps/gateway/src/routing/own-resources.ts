import { MethodIndex } from '@berth/http';
import type { GatewayExchange } from '../pipeline/exchange';

/** The answer of a resource the gateway serves itself; the route step adds the security headers and the length. */
export interface OwnAnswer { status?: number; headers: Record<string, string>; body: string | Buffer }
export type OwnResource = (ex: GatewayExchange) => OwnAnswer | Promise<OwnAnswer>;

/**
 * The resources the gateway answers itself (`/health`, `/platform`, `/openapi.json`, `/api-docs`,
 * the application usage), by exact path, for GET and HEAD. Their paths and methods feed the
 * error filter's method index: another method on one of them is 405 with `Allow`.
 */
export class OwnResources {
  private readonly byPath = new Map<string, OwnResource>();
  readonly methods = new MethodIndex();

  get(path: string, resource: OwnResource): this {
    this.byPath.set(path, resource);
    this.methods.add(['GET', 'HEAD'], path);
    return this;
  }

  /** The resource at `path` for `method`, if the gateway serves one. */
  find(method: string, path: string): OwnResource | undefined {
    return method === 'GET' || method === 'HEAD' ? this.byPath.get(path) : undefined;
  }
}
