import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { checkPasswordPolicy } from '../../../domain/password-policy';
import { newUserRecord, USER_NAME } from '../../../domain/new-records';
import { profileFields } from '../../../domain/user-profile';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { UserWriter } from '../../../infrastructure/user-writer';
import { CreateUserCommand } from './create-user.command';

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand> {
  constructor(private readonly users: UserWriter, private readonly hasher: PasswordHasher) {}

  async execute({ tenant, body }: CreateUserCommand) {
    const { userName, password, enabled } = body;
    if (typeof userName !== 'string' || !USER_NAME.test(userName)) {
      throw new DomainError('users', 'Invalid Data', 'userName is required: 1 to 1000 characters without spaces, "/", "\\\\", "+", "$" or ":"');
    }
    checkPasswordPolicy(password, userName);
    if (enabled !== undefined && typeof enabled !== 'boolean') throw new DomainError('users', 'Invalid Data', 'enabled must be true or false');
    const { set } = profileFields(body);
    return this.users.insert(newUserRecord({
      ...set, tenant, userName, passwordHash: await this.hasher.hash(password as string), enabled: enabled ?? true,
    }));
  }
}
