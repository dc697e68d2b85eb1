import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unauthorized } from '@berth/auth';
import { DomainError } from '@berth/http';
import { checkPasswordPolicy } from '../../../domain/password-policy';
import { profileFields } from '../../../domain/user-profile';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { UserWriter } from '../../../infrastructure/user-writer';
import { UpdateCurrentUserCommand } from './change-own-password.command';

@CommandHandler(UpdateCurrentUserCommand)
export class UpdateCurrentUserHandler implements ICommandHandler<UpdateCurrentUserCommand> {
  constructor(private readonly users: UserWriter, private readonly hasher: PasswordHasher) {}

  async execute({ tenant, userName, body }: UpdateCurrentUserCommand) {
    const user = await this.users.find(tenant, userName);
    if (body.userName !== undefined && body.userName !== userName) throw new DomainError('users', 'Invalid Data', 'userName cannot change');
    if (body.enabled !== undefined && body.enabled !== user.enabled) throw new DomainError('users', 'Invalid Data', 'enabled cannot change here: an admin enables and disables users');
    const { set, unset } = profileFields(body);
    const $set: Record<string, unknown> = { ...set };
    const current = body.currentUserPassword;
    if (current !== undefined && typeof current !== 'string') throw new DomainError('users', 'Invalid Data', 'currentUserPassword must be a string');
    if (body.password !== undefined) {
      if (current === undefined) throw new DomainError('users', 'Invalid Data', 'currentUserPassword is required to change the password');
      if (!user.passwordHash || !(await this.hasher.verify(current, user.passwordHash))) {
        throw unauthorized('Invalid credentials! : currentUserPassword is wrong');
      }
      $set.passwordHash = await this.hasher.hash(checkPasswordPolicy(body.password, userName));
      $set.lastPasswordChange = new Date();
    }
    return this.users.update(user, { $set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((f) => [f, ''])) } : {}) },
      $set.passwordHash ? 'credentials' : 'updated');
  }
}
