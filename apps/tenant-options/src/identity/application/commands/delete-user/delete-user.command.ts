import { Command } from '@nestjs/cqrs';

/** Deletes a user; its cached credentials stop working through the `UserChanged` event. */
export class DeleteUserCommand extends Command<void> {
  constructor(readonly tenant: string, readonly userName: string, readonly actor: string) {
    super();
  }
}
