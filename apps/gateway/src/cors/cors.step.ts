import { Headers, isPreflight } from './cors-policy';
import type { GatewayCors } from './gateway-cors';
import { ANSWERED, Step } from '../pipeline/exchange';
import { checkUpgradeOrigin } from './upgrade-origin';

/**
 * A CORS preflight is answered here, before authentication (a browser sends it without
 * credentials): 204 with the tenant's CORS headers, or 403 when the origin is not allowed.
 */
export function answerPreflight(cors: GatewayCors, security: Readonly<Record<string, string>>): Step {
  return (ex) => {
    const { req, res } = ex;
    if (req.headers.origin === undefined || !isPreflight(req.method, req.headers)) return undefined;
    return cors.preflight(req.headers).then((headers) => {
      res.writeHead(204, { ...security, ...ex.headers, ...headers }).end();
      return ANSWERED;
    });
  };
}

/**
 * Once the caller is known: every answer to a request with `Origin` (refusals included, see
 * pipeline.ts) carries the CORS headers of the caller's tenant, or of the tenant the Host names;
 * an upgrade authenticated by the session cookie must come from an origin allowed to send it
 * (upgrade-origin.ts). Requests without `Origin` cost nothing.
 */
export function corsHeaders(cors: GatewayCors): Step {
  return (ex) => {
    const { req } = ex;
    const origin = req.headers.origin;
    if (ex.corsSet) return undefined;
    if (ex.upgrade) {
      if (!ex.auth) return undefined;
      ex.corsSet = true;
      return checkUpgradeOrigin(req.headers, ex.auth, cors);
    }
    if (origin === undefined || isPreflight(req.method, req.headers)) return undefined;
    ex.corsSet = true;
    const headers = cors.headers(origin, req.headers, ex.auth?.principal.tenant);
    if (headers instanceof Promise) return headers.then((h) => addCorsHeaders(ex.headers, h));
    addCorsHeaders(ex.headers, headers);
    return undefined;
  };
}

/** Adds the CORS headers to those of every answer to the request (`GatewayExchange.headers`), `Vary` appended to any already there. */
function addCorsHeaders(answer: Record<string, string>, cors: Headers): void {
  for (const [name, value] of Object.entries(cors)) {
    answer[name] = name === 'vary' && answer.vary ? `${answer.vary}, ${value}` : value;
  }
}
