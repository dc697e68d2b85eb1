import { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { UNMATCHED_ROUTE } from '@berth/runtime';
import type { GatewayExchange } from '../src/pipeline/exchange';

/**
 * An exchange over Node's own request and response objects, on a socket that is never connected:
 * what a step writes stays in the response (`written`), nothing goes over a network.
 */
export function exchangeFor(method: string, url: string, headers: IncomingHttpHeaders = {}, extra: Partial<GatewayExchange> = {}): GatewayExchange {
  const req = new IncomingMessage(new Socket());
  Object.assign(req, { method, url, headers });
  const res = new ServerResponse(req);
  const queryAt = url.indexOf('?');
  return {
    req, res, id: '', route: UNMATCHED_ROUTE, base: 'http://berth.test', work: { correlationId: '', processingMode: 'PERSISTENT' }, headers: {},
    path: queryAt === -1 ? url : url.slice(0, queryAt), query: queryAt === -1 ? '' : url.slice(queryAt), ...extra,
  };
}

/** What has been written to the response of `ex` so far: status line, headers and body as text. */
export function written(ex: GatewayExchange): string {
  const out = (ex.res as unknown as { outputData: Array<{ data: string | Buffer }> }).outputData;
  return out.map(({ data }) => String(data)).join('');
}

/** Resolves once the answer of `ex` has been ended (the response has no socket to finish on). */
export function answered(ex: GatewayExchange): Promise<void> {
  return new Promise((resolve) => {
    const end = ex.res.end.bind(ex.res) as (...args: unknown[]) => unknown;
    ex.res.end = ((...args: unknown[]) => {
      const result = end(...args);
      resolve();
      return result;
    }) as typeof ex.res.end;
  });
}
