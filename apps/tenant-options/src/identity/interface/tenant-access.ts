import { Inject, Injectable } from '@nestjs/common';
import { forbidden, Principal, RoleSets } from '@berth/auth';
import { DomainError } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { IdentityStore } from '../infrastructure/identity-store';

/**
 * Whether `principal` may act on tenant `tenant`'s identity data: its own tenant, or the
 * management tenant's users holding a tenant-management role. @throws 403 otherwise.
 */
export function assertTenantAccess(principal: Principal, tenant: string, managementTenant: string): void {
  if (principal.tenant === tenant) return;
  const manages = principal.tenant === managementTenant && principal.roles.some((r) => (RoleSets.tenantRead as readonly string[]).includes(r));
  if (!manages) throw forbidden(`Access to tenant ${tenant} is denied`);
}

/** assertTenantAccess, plus: a tenant the management tenant names must exist, so no identity data is written for an unknown tenant. */
@Injectable()
export class TenantAccess {
  constructor(private readonly store: IdentityStore, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  /** @throws 403 as assertTenantAccess; 404 `tenants/Not Found` for another tenant that does not exist. */
  async assert(principal: Principal, tenant: string): Promise<void> {
    assertTenantAccess(principal, tenant, this.config.BERTH_MANAGEMENT_TENANT);
    if (principal.tenant === tenant) return;
    const record = await this.store.tenants.findOne({ _id: tenant }, { projection: { deleted: 1 } });
    if (!record || record.deleted) throw new DomainError('tenants', 'Not Found', `Tenant ${tenant} does not exist`);
  }
}
