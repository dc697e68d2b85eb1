import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantChanged } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { domainTaken, shownParent } from '../../../domain/tenant-fields';
import { tenantChanges } from '../../../domain/tenant-update';
import type { TenantRecord } from '../../../infrastructure/identity-records';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { UpdateTenantCommand } from './update-tenant.command';

/**
 * One conditional write of the tenant with its `TenantChanged(updated)` event (409 when another
 * change came first). A body that changes nothing writes nothing. The gateway drops the tenant's
 * cached credentials on the event, so a suspension keeps its users out from the next request on.
 */
@CommandHandler(UpdateTenantCommand)
export class UpdateTenantHandler implements ICommandHandler<UpdateTenantCommand> {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  async execute({ tenant, body }: UpdateTenantCommand) {
    const record = await this.store.tenants.findOne({ _id: tenant });
    if (!record || record.deleted) throw new DomainError('tenants', 'Not Found', `Tenant ${tenant} does not exist`);
    const answered = { id: record._id, parent: shownParent(record, this.config.BERTH_MANAGEMENT_TENANT), adminName: record.adminName, creationTime: record.creationTime.toISOString(), allowCreateTenants: false };
    const { set, unset } = tenantChanges(record, body, answered);
    if (set.status === 'SUSPENDED' && tenant === this.config.BERTH_MANAGEMENT_TENANT) throw new DomainError('tenants', 'Forbidden', 'The management tenant cannot be suspended');
    if (Object.keys(set).length === 0 && unset.length === 0) return record;
    if (set.domain && await this.store.tenants.findOne({ domain: set.domain })) throw domainTaken(set.domain);
    const domain = set.domain ?? record.domain;
    const payload = { tenant, change: 'updated' as const, domain, ...(record.parent ? { parent: record.parent } : {}) };
    try {
      const result = await this.outbox.updateOne(this.store.tenants, { _id: tenant, version: record.version },
        { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((f) => [f, ''])) } : {}), $inc: { version: 1 } },
        [{ contract: TenantChanged, fields: { tenantId: tenant, aggregateId: tenant, aggregateVersion: record.version + 1, payload } }]);
      if (result.matchedCount === 0) throw new DomainError('tenants', 'Update Conflict', `Tenant ${tenant} changed in the meantime; read it again`);
    } catch (err) {
      if (isDuplicateKey(err)) throw domainTaken(domain);
      throw err;
    }
    // The write matched this version, so the stored tenant is this one with the changes applied.
    const updated: TenantRecord = { ...record, ...set, version: record.version + 1 };
    for (const field of unset) delete updated[field];
    return updated;
  }
}
