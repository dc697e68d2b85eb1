import type { Step } from '../pipeline/exchange';
import type { Authenticator } from './authenticator';
import { authenticateRequest } from './request-auth';

/** Who the request acts for (request-auth.ts): the principal, undefined on a public path or for an anonymous visitor; 401 when its credentials fail. */
export function authenticate(authenticator: Authenticator): Step {
  return (ex) => {
    const found = authenticateRequest(authenticator, ex.req.method!, ex.path, ex.req.headers, ex.upgrade !== undefined);
    if (found === undefined) return undefined;
    if (found instanceof Promise) {
      return found.then((auth) => {
        ex.auth = auth;
      });
    }
    ex.auth = found;
    return undefined;
  };
}
