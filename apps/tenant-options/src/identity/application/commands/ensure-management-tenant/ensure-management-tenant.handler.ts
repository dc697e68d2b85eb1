import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { adminRoles } from '@berth/auth';
import { TenantChanged, UserChanged } from '@berth/contracts';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox } from '@berth/runtime';
import { newTenantRecord, newUserRecord } from '../../../domain/new-records';
import { userId } from '../../../infrastructure/identity-records';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { EnsureManagementTenantCommand, EnsureManagementTenantResult } from './ensure-management-tenant.command';

const ADMIN = 'admin';

@CommandHandler(EnsureManagementTenantCommand)
export class EnsureManagementTenantHandler implements ICommandHandler<EnsureManagementTenantCommand> {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox, private readonly hasher: PasswordHasher) {}

  async execute({ tenantId, adminPassword }: EnsureManagementTenantCommand): Promise<EnsureManagementTenantResult> {
    const tenantCreated = !(await this.store.tenants.findOne({ _id: tenantId }))
      && await this.insert(() => this.outbox.insertOne(this.store.tenants, newTenantRecord({ _id: tenantId, domain: tenantId, company: 'Management', adminName: ADMIN }), [
        { contract: TenantChanged, fields: { tenantId, aggregateId: tenantId, aggregateVersion: 1, payload: { tenant: tenantId, change: 'created', domain: tenantId } } },
      ]));
    if (await this.store.users.findOne({ _id: userId(tenantId, ADMIN) })) return { tenantCreated, adminCreated: false };
    if (!adminPassword) throw new Error(`BERTH_ADMIN_PASSWORD must be set to create ${tenantId}/${ADMIN}`);
    const admin = newUserRecord({ tenant: tenantId, userName: ADMIN, passwordHash: await this.hasher.hash(adminPassword), roles: adminRoles(true) });
    const adminCreated = await this.insert(() => this.outbox.insertOne(this.store.users, admin, [
      { contract: UserChanged, fields: { tenantId, aggregateId: admin._id, aggregateVersion: 1, payload: { tenant: tenantId, userName: ADMIN, change: 'created' } } },
    ]));
    return { tenantCreated, adminCreated };
  }

  /** True when inserted; false when another replica inserted it first. */
  private async insert(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }
}
