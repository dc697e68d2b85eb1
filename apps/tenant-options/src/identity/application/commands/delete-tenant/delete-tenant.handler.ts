import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantChanged } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { Outbox } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { DeleteTenantCommand } from './delete-tenant.command';

/**
 * Marks the tenant SUSPENDED and deleted with its event in one write (nobody logs in from then on);
 * the tenant's own consumer removes its users and the tenant document once the event is out.
 */
@CommandHandler(DeleteTenantCommand)
export class DeleteTenantHandler implements ICommandHandler<DeleteTenantCommand> {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  async execute({ tenant }: DeleteTenantCommand) {
    if (tenant === this.config.BERTH_MANAGEMENT_TENANT) throw new DomainError('tenants', 'Forbidden', 'The management tenant cannot be deleted');
    const record = await this.store.tenants.findOne({ _id: tenant });
    if (!record || record.deleted) throw new DomainError('tenants', 'Not Found', `Tenant ${tenant} does not exist`);
    await this.outbox.updateOne(this.store.tenants, { _id: tenant, version: record.version }, { $set: { status: 'SUSPENDED', deleted: true }, $inc: { version: 1 } }, [
      { contract: TenantChanged, fields: { tenantId: tenant, aggregateId: tenant, aggregateVersion: record.version + 1, payload: { tenant, change: 'deleted', ...(record.parent ? { parent: record.parent } : {}) } } },
    ]);
  }
}
