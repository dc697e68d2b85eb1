import { randomInt } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { adminRoles } from '@berth/auth';
import { TenantChanged } from '@berth/contracts';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox } from '@berth/runtime';
import { checkPasswordPolicy } from '../../../domain/password-policy';
import { newTenantRecord, newUserRecord, USER_NAME } from '../../../domain/new-records';
import { domainTaken, invalidTenant, tenantDomain, tenantText } from '../../../domain/tenant-fields';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { UserWriter } from '../../../infrastructure/user-writer';
import { CreateTenantCommand } from './create-tenant.command';

const text = (v: unknown, name: string) => (v === undefined ? undefined : tenantText(v, name));

/** The admin is written first: a crash in between leaves a user no tenant lets log in, never a tenant without admin. */
@CommandHandler(CreateTenantCommand)
export class CreateTenantHandler implements ICommandHandler<CreateTenantCommand> {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox, private readonly users: UserWriter, private readonly hasher: PasswordHasher) {}

  async execute({ body, parent }: CreateTenantCommand) {
    const domain = tenantDomain(body.domain);
    const adminName = tenantText(body.adminName, 'adminName');
    if (!USER_NAME.test(adminName)) throw invalidTenant('adminName has characters a user name cannot have');
    const adminPass = checkPasswordPolicy(body.adminPass, adminName, 'adminPass');
    const adminEmail = text(body.adminEmail, 'adminEmail');
    if (await this.store.tenants.findOne({ domain })) throw domainTaken(domain);
    const id = `t${randomInt(10_000_000, 99_999_999)}`;
    await this.users.insert(newUserRecord({ tenant: id, userName: adminName, passwordHash: await this.hasher.hash(adminPass), roles: adminRoles(false), email: adminEmail }));
    const tenant = newTenantRecord({
      _id: id, parent, domain, adminName, adminEmail, company: text(body.company, 'company') ?? domain,
      contactName: text(body.contactName, 'contactName'), contactPhone: text(body.contactPhone, 'contactPhone'),
    });
    for (const key of Object.keys(tenant) as (keyof typeof tenant)[]) if (tenant[key] === undefined) delete tenant[key];
    try {
      await this.outbox.insertOne(this.store.tenants, tenant, [{ contract: TenantChanged, fields: { tenantId: id, aggregateId: id, aggregateVersion: 1, payload: { tenant: id, change: 'created', domain, parent } } }]);
    } catch (err) {
      if (isDuplicateKey(err)) throw domainTaken(domain);
      throw err;
    }
    return tenant;
  }
}
