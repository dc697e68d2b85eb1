import { parse } from 'node:querystring';
import { forbidden } from '@berth/auth';
import { negotiate } from '@berth/http';
import type { GatewayConfig } from '../config/gateway.env';
import type { OwnResources } from '../routing/own-resources';
import { applicationUsageResource } from './application-usage-resource';
import { UsageCounter } from './usage-counter';
import { usageDays } from './usage-range';

export const APPLICATION_USAGE_PATH = '/tenant/statistics/applicationUsage';
/** Any one of these lets a principal of the management tenant read the usage. */
const READ_ROLES = ['ROLE_TENANT_STATISTICS_READ', 'ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_ADMIN'];

/**
 * `GET /tenant/statistics/applicationUsage?dateFrom=&dateTo=`, answered by the gateway itself from
 * the usage counts in Redis: per UTC day, the requests per application key and the device requests.
 * Only the management tenant's principals holding one of READ_ROLES may read it (403 otherwise);
 * the pipeline has already refused anonymous requests. This process's counts not yet written are
 * written first; other replicas' are at most a second behind.
 */
export function registerApplicationUsageRoute(own: OwnResources, counter: UsageCounter, config: GatewayConfig) {
  own.get(APPLICATION_USAGE_PATH, async (ex) => {
    const principal = ex.auth?.principal;
    if (!principal || principal.tenant !== config.BERTH_MANAGEMENT_TENANT || principal.kind === 'bootstrap'
      || !READ_ROLES.some((role) => principal.roles.includes(role))) {
      throw forbidden(`Access is denied: only the management tenant with one of ${READ_ROLES.join(', ')} may read the application usage`);
    }
    const contentType = negotiate(config.BERTH_BRAND, 'applicationUsage', ex.req.headers.accept);
    const days = usageDays(parse(ex.query.slice(1)));
    await counter.flush().catch(() => undefined);
    const usage = await counter.readDays(days);
    return { headers: { 'content-type': contentType }, body: JSON.stringify(applicationUsageResource(`${ex.base}${APPLICATION_USAGE_PATH}`, days, usage)) };
  });
}
