import { NotFoundException } from '@nestjs/common';
import { isRouteMethod } from '@berth/http';
import type { RawExchanges, RawHandler } from './raw-exchanges';

/**
 * A request whose method no Berth route uses (TRACE, QUERY, PROPFIND…) is answered before Fastify,
 * which would otherwise refuse some of them for their missing Content-Type: 405 with `Allow` where
 * the path exists under other methods, else 404, with the error resource. Its body is drained, never read.
 */
export function foreignMethods(exchanges: RawExchanges): RawHandler {
  return (req, res) => {
    if (isRouteMethod(req.method)) return false;
    req.resume();
    exchanges.serve(req, res, 'foreign-method', () => Promise.reject(new NotFoundException()));
    return true;
  };
}
