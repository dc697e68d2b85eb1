import { negotiate } from '@berth/http';
import { GatewayConfig } from '../config/gateway.env';
import type { OwnResources } from '../routing/own-resources';
import { platformResource } from './platform-resource';

/**
 * `GET /platform` (docs/api/conventions.md), answered by the gateway itself: it is the root of
 * every interface. Its links start with the request's public base; the body of the last base is kept.
 */
export function registerPlatformRoute(own: OwnResources, config: GatewayConfig) {
  let last = { base: '', body: '' };
  own.get('/platform', (ex) => {
    if (last.base !== ex.base) last = { base: ex.base, body: JSON.stringify(platformResource(ex.base)) };
    return { headers: { 'content-type': negotiate(config.BERTH_BRAND, 'platformApi', ex.req.headers.accept) }, body: last.body };
  });
}
