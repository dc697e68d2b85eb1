import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { INITIAL_ADMIN_ROLES } from '../../../domain/management-roles';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { TenantDocument } from '../../../infrastructure/tenant.schema';
import { UserDocument } from '../../../infrastructure/user.schema';
import { EnsureManagementTenantCommand, EnsureManagementTenantResult } from './ensure-management-tenant.command';

const ADMIN = 'admin';
const DUPLICATE_KEY = 11000;

@CommandHandler(EnsureManagementTenantCommand)
export class EnsureManagementTenantHandler implements ICommandHandler<EnsureManagementTenantCommand> {
  constructor(
    @InjectModel(TenantDocument.name) private readonly tenants: Model<TenantDocument>,
    @InjectModel(UserDocument.name) private readonly users: Model<UserDocument>,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ tenantId, adminPassword }: EnsureManagementTenantCommand): Promise<EnsureManagementTenantResult> {
    const tenant = await this.tenants.updateOne(
      { _id: tenantId },
      { $setOnInsert: { _id: tenantId, domain: tenantId, company: 'Management', status: 'ACTIVE' } },
      { upsert: true },
    );
    if (await this.users.exists({ tenant: tenantId, userName: ADMIN })) {
      return { tenantCreated: tenant.upsertedCount === 1, adminCreated: false };
    }
    if (!adminPassword) throw new Error(`BERTH_ADMIN_PASSWORD must be set to create ${tenantId}/${ADMIN}`);
    try {
      await this.users.create({
        tenant: tenantId, userName: ADMIN, passwordHash: await this.hasher.hash(adminPassword), roles: [...INITIAL_ADMIN_ROLES],
      });
    } catch (err) {
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      return { tenantCreated: tenant.upsertedCount === 1, adminCreated: false };
    }
    return { tenantCreated: tenant.upsertedCount === 1, adminCreated: true };
  }
}
