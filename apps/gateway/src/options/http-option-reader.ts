import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import type { Pool } from 'undici';
import type { OptionRead, OptionReader } from './tenant-option-view';

const TIMEOUT_MS = 2000;

/**
 * Reads a tenant's option from tenant-options over internal HTTP
 * (`GET /tenant/options/<category>/<key>`), as the gateway acting for that tenant with the one
 * role reading options needs. 200 with a `value` → the value; 404 → absent; anything else
 * (another status, no answer within 2 s, a body without `value`) → failed.
 */
export function httpOptionReader(tenantOptions: Pool, internalKey: string): OptionReader {
  return async (tenant: string, category: string, key: string): Promise<OptionRead> => {
    const principal: Principal = { tenant, user: 'gateway', roles: ['ROLE_OPTION_MANAGEMENT_READ'], kind: 'internal' };
    try {
      const res = await tenantOptions.request({
        method: 'GET',
        path: `/tenant/options/${encodeURIComponent(category)}/${encodeURIComponent(key)}`,
        headers: { accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal, internalKey) },
        headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
      });
      const body = await res.body.json().catch(() => undefined) as { value?: unknown } | undefined;
      if (res.statusCode === 404) return 'absent';
      if (res.statusCode === 200 && body && 'value' in body) return { value: body.value };
      return 'failed';
    } catch {
      return 'failed';
    }
  };
}
