import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { UserWriter } from '../../../infrastructure/user-writer';
import { DeleteUserCommand } from './delete-user.command';

@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(private readonly users: UserWriter) {}

  async execute({ tenant, userName, actor }: DeleteUserCommand) {
    const user = await this.users.find(tenant, userName);
    if (user._id === actor) throw new DomainError('users', 'Unprocessable Entity', 'You cannot delete yourself');
    await this.users.remove(user);
  }
}
