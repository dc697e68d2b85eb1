import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MANAGEMENT_ONLY_ROLES } from '@berth/auth';
import { DomainError } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { AssignableRoles } from '../../../infrastructure/assignable-roles';
import { UserWriter } from '../../../infrastructure/user-writer';
import { SetUserRoleCommand } from './set-user-role.command';

@CommandHandler(SetUserRoleCommand)
export class SetUserRoleHandler implements ICommandHandler<SetUserRoleCommand> {
  constructor(private readonly users: UserWriter, private readonly assignable: AssignableRoles, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  async execute({ tenant, userName, role, assigned }: SetUserRoleCommand) {
    const user = await this.users.find(tenant, userName);
    if (!assigned) {
      if (!user.roles.includes(role)) throw new DomainError('users', 'Not Found', `User ${userName} does not hold ${role}`);
      return this.users.update(user, { $pull: { roles: role } }, 'roles');
    }
    if (!(await this.assignable.isAssignable(tenant, role))) throw new DomainError('users', 'Invalid Data', `Unknown role ${role}`);
    if ((MANAGEMENT_ONLY_ROLES as readonly string[]).includes(role) && tenant !== this.config.BERTH_MANAGEMENT_TENANT) {
      throw new DomainError('users', 'Invalid Data', `${role} is only for users of the management tenant`);
    }
    if (user.roles.includes(role)) throw new DomainError('users', 'Duplicate', `User ${userName} already holds ${role}`);
    return this.users.update(user, { $addToSet: { roles: role } }, 'roles');
  }
}
