import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { checkPasswordPolicy } from '../../../domain/password-policy';
import { profileFields } from '../../../domain/user-profile';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { UserWriter } from '../../../infrastructure/user-writer';
import { UpdateUserCommand } from './update-user.command';

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand> {
  constructor(private readonly users: UserWriter, private readonly hasher: PasswordHasher) {}

  async execute({ tenant, userName, body }: UpdateUserCommand) {
    const user = await this.users.find(tenant, userName);
    if (body.userName !== undefined && body.userName !== userName) throw new DomainError('users', 'Invalid Data', 'userName cannot change');
    if (body.roles !== undefined || body.groups !== undefined) {
      throw new DomainError('users', 'Unprocessable Entity', 'roles and groups are sub-resources: assign them at their own URIs');
    }
    const { set, unset } = profileFields(body);
    const $set: Record<string, unknown> = { ...set };
    if (body.enabled !== undefined) {
      if (typeof body.enabled !== 'boolean') throw new DomainError('users', 'Invalid Data', 'enabled must be true or false');
      $set.enabled = body.enabled;
    }
    if (body.password !== undefined) {
      $set.passwordHash = await this.hasher.hash(checkPasswordPolicy(body.password, userName));
      $set.lastPasswordChange = new Date();
    }
    const change = $set.passwordHash !== undefined || $set.enabled === false ? 'credentials' : 'updated';
    return this.users.update(user, { $set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((f) => [f, ''])) } : {}) }, change);
  }
}
