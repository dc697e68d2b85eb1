import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { AssignableRoles } from '../../../infrastructure/assignable-roles';
import { UserWriter } from '../../../infrastructure/user-writer';
import { SetUserRoleCommand } from './set-user-role.command';

@CommandHandler(SetUserRoleCommand)
export class SetUserRoleHandler implements ICommandHandler<SetUserRoleCommand> {
  constructor(private readonly users: UserWriter, private readonly assignable: AssignableRoles) {}

  async execute({ tenant, userName, role, assigned }: SetUserRoleCommand) {
    const user = await this.users.find(tenant, userName);
    if (!assigned) {
      if (!user.roles.includes(role)) throw new DomainError('users', 'Not Found', `User ${userName} does not hold ${role}`);
      return this.users.update(user, { $pull: { roles: role } }, 'roles');
    }
    await this.assignable.assertAssignable(tenant, role, 'users');
    if (user.roles.includes(role)) throw new DomainError('users', 'Duplicate', `User ${userName} already holds ${role}`);
    return this.users.update(user, { $addToSet: { roles: role } }, 'roles');
  }
}
