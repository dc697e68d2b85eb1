import { Inject, Injectable } from '@nestjs/common';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { IdentityStore } from './identity-store';

/** The first label of the request's host (`X-Forwarded-Host` from the gateway, else `Host`), lower case. */
export function requestHostLabel(headers: Record<string, string | string[] | undefined>): string | undefined {
  const host = String(headers['x-forwarded-host'] ?? headers.host ?? '').split(',')[0].trim().replace(/:\d+$/, '');
  if (!host || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return undefined;
  return host.split('.')[0].toLowerCase() || undefined;
}

/**
 * Which tenant a request that names no principal acts for: the tenant it names, else the one
 * whose id or domain's first label is the Host label, else `BERTH_DEFAULT_TENANT` (the
 * management tenant when unset). Undefined when the named tenant does not exist or is not active.
 */
@Injectable()
export class TenantResolver {
  constructor(private readonly store: IdentityStore, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  async resolve({ tenant, hostLabel }: { tenant?: string; hostLabel?: string }): Promise<string | undefined> {
    const tenants = this.store.tenants;
    let record = tenant ? await tenants.findOne({ _id: tenant }) : null;
    if (!tenant && hostLabel) {
      const label = hostLabel.toLowerCase();
      record = await tenants.findOne({ _id: label }) ?? await tenants.findOne({ domainLabel: label });
    }
    if (!tenant && !record) record = await tenants.findOne({ _id: this.config.BERTH_DEFAULT_TENANT ?? this.config.BERTH_MANAGEMENT_TENANT });
    return record?.status === 'ACTIVE' && !record.deleted ? record._id : undefined;
  }
}
